import type { BackendModule, i18n as I18n, InitOptions, ReadCallback, Services } from "i18next";
import {
  type CacheStorage,
  createCache,
  defaultStorage,
  type FlatFile,
  type Manifest,
  type ReleaseCache,
} from "./cache.ts";
import { DEFAULT_ENVIRONMENT, manifestPath, OTA_PREFIX } from "./constants.ts";

/** A namespace's translations, as i18next takes them. */
export type Resources = Record<string, unknown>;

/** The translations shipped with the app: used while Sprog cannot be reached and nothing is cached. */
export type BundledTranslations =
  | Record<string, Record<string, Resources>>
  | ((language: string, namespace: string) => Resources | undefined | Promise<Resources | undefined>);

export interface SprogBackendOptions {
  /** Where releases are served: the Sprog server's origin, or a CDN in front of it. */
  url: string;
  /** The project's distribution id (Releases screen): public, it reads releases only. */
  distribution: string;
  /** Default: production. */
  environment?: string;
  bundled?: BundledTranslations;
  /** How often to look for a new release while the app runs; 0: only at start. Default: 5. */
  checkEveryMinutes?: number;
  /** Default: localStorage where there is one; false: no cache. */
  storage?: CacheStorage | false;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** A request's time limit in milliseconds. Default: 5000. */
  timeout?: number;
}

function isManifest(value: unknown): value is Manifest {
  const manifest = value as Manifest | null;
  return (
    typeof manifest?.release === "number" &&
    typeof manifest.files === "object" &&
    manifest.files !== null &&
    Object.values(manifest.files).every((path) => typeof path === "string")
  );
}

/**
 * The i18next instance behind a backend. i18next gives backends its services, not itself; the one
 * call that hands the instance to a plugin is `hasLoadedNamespace`'s `precheck` (react-i18next uses
 * it too). Undefined until i18next has initialized.
 */
function instanceOf(services: Services): I18n | undefined {
  let instance: I18n | undefined;
  services.utils?.hasLoadedNamespace("", {
    precheck: (i18n) => {
      instance = i18n;
      return true;
    },
  });
  return instance;
}

/**
 * i18next backend for Sprog's over-the-air releases: reads the environment's manifest, then each
 * language's file it names (cached, so a file is downloaded once), falling back to the cache and
 * then to the bundled translations when Sprog cannot be reached. While the app runs it looks for a
 * new release and puts it into i18next.
 */
export class SprogBackend implements BackendModule<SprogBackendOptions> {
  static readonly type = "backend";
  readonly type = "backend";
  /** read(language, namespace, callback): the calling convention i18next 26.7+ asks plugins to declare. */
  readonly callbackApi = true;

  private services!: Services;
  private options!: SprogBackendOptions;
  private cache!: ReleaseCache;
  private defaultNS = "translation";
  private manifest: Manifest | undefined;
  private etag: string | undefined;
  /** Why the last manifest request failed, while no manifest is known. */
  private failure: unknown;
  private started: Promise<void> = Promise.resolve();
  private checking: Promise<void> | undefined;
  private lastCheck = 0;
  /** Files read in this page, by path: a path names its bytes, so they never go stale. */
  private files = new Map<string, Promise<FlatFile>>();
  /** Per language given to i18next: the file's path (undefined: the bundled translations) and the namespaces. */
  private served = new Map<string, { path: string | undefined; namespaces: Set<string> }>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private onVisible: (() => void) | undefined;

  constructor(services?: Services, options?: SprogBackendOptions, i18nextOptions?: InitOptions) {
    if (services && options) this.init(services, options, i18nextOptions ?? {});
  }

  init(services: Services, options: SprogBackendOptions, i18nextOptions: InitOptions): void {
    this.stop();
    this.services = services;
    this.options = options;
    const defaultNS = i18nextOptions.defaultNS;
    const first = Array.isArray(defaultNS) ? defaultNS[0] : defaultNS;
    if (typeof first === "string") this.defaultNS = first;
    const storage = options.storage === false ? undefined : (options.storage ?? defaultStorage());
    this.cache = createCache(storage, options.distribution, this.environment());
    const cached = this.cache.manifest();
    if (cached && isManifest(cached.manifest)) {
      this.manifest = cached.manifest;
      this.etag = cached.etag;
    }
    this.started = this.check();

    const minutes = options.checkEveryMinutes ?? 5;
    if (minutes > 0) {
      const every = minutes * 60_000;
      this.timer = setInterval(() => void this.check(), every);
      // A Node process (tests, server-side rendering) must be free to exit.
      (this.timer as { unref?: () => void }).unref?.();
      if (typeof document !== "undefined") {
        this.onVisible = () => {
          if (document.visibilityState === "visible" && Date.now() - this.lastCheck >= every) {
            void this.check();
          }
        };
        document.addEventListener("visibilitychange", this.onVisible);
      }
    }
  }

  /** Stops looking for new releases. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.onVisible) document.removeEventListener("visibilitychange", this.onVisible);
    this.onVisible = undefined;
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    this.resources(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  }

  /** Looks for a new release now (it also happens at start, on a timer and when the page is shown again). */
  check(): Promise<void> {
    this.checking ??= this.checkManifest().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private environment(): string {
    return this.options.environment ?? DEFAULT_ENVIRONMENT;
  }

  /** A path under the server (or CDN); `url` may also be relative to the page, e.g. `/sprog`. */
  private resolve(path: string): URL {
    return new URL(`${this.options.url.replace(/\/+$/, "")}${path}`, globalThis.location?.href);
  }

  /** GET with a time limit; the body is read within it too. */
  private async get(url: URL, headers: Record<string, string> = {}) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeout ?? 5000);
    try {
      const response = await (this.options.fetch ?? fetch)(url.href, { headers, signal: controller.signal });
      if (response.status === 304) return { status: 304, etag: undefined, body: undefined };
      if (!response.ok) throw new Error(`Sprog answered ${response.status} for ${url.pathname}`);
      return {
        status: response.status,
        etag: response.headers.get("ETag") ?? undefined,
        body: await response.json(),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  private async checkManifest(): Promise<void> {
    this.lastCheck = Date.now();
    try {
      const answer = await this.get(
        this.resolve(manifestPath(this.options.distribution, this.environment())),
        this.manifest && this.etag ? { "If-None-Match": this.etag } : {},
      );
      if (answer.status !== 304) {
        if (!isManifest(answer.body)) throw new Error("Sprog's release manifest is not one");
        this.manifest = answer.body;
        this.etag = answer.etag;
        this.cache.saveManifest({ manifest: answer.body, etag: answer.etag });
      }
      this.failure = undefined;
      await this.update();
    } catch (error) {
      this.failure = error;
    }
  }

  /** A language's file: from this page's memory, the storage (no request) or the server. */
  private file(language: string, path: string): Promise<FlatFile> {
    let file = this.files.get(path);
    if (!file) {
      const cached = this.cache.file(language);
      file =
        cached?.path === path
          ? Promise.resolve(cached.data)
          : this.get(new URL(path, this.resolve(`${OTA_PREFIX}/${this.options.distribution}/`))).then(
              ({ body }) => {
                const data = body as FlatFile;
                this.cache.saveFile(language, { path, data });
                return data;
              },
            );
      // A failed download is tried again at the next read or check.
      file.catch(() => this.files.delete(path));
      this.files.set(path, file);
    }
    return file;
  }

  /**
   * One file holds every key. The default namespace gets all of it; another namespace `ns` the keys
   * written `ns:key` (without the prefix), or all of it when the file has none.
   */
  private forNamespace(file: FlatFile, namespace: string): Resources {
    if (namespace === this.defaultNS) return file;
    const prefix = `${namespace}:`;
    const own: Resources = {};
    let found = false;
    for (const [key, value] of Object.entries(file)) {
      if (key.startsWith(prefix)) {
        own[key.slice(prefix.length)] = value;
        found = true;
      }
    }
    return found ? own : file;
  }

  private async bundled(language: string, namespace: string): Promise<Resources | undefined> {
    const bundled = this.options.bundled;
    try {
      return typeof bundled === "function"
        ? await bundled(language, namespace)
        : bundled?.[language]?.[namespace];
    } catch {
      return undefined;
    }
  }

  private remember(language: string, namespace: string, path: string | undefined): void {
    const served = this.served.get(language) ?? { path, namespaces: new Set<string>() };
    served.path = path;
    served.namespaces.add(namespace);
    this.served.set(language, served);
  }

  private async resources(language: string, namespace: string): Promise<Resources> {
    await this.started;
    const path = this.manifest?.files[language];
    let failure: unknown = this.manifest ? undefined : (this.failure ?? new Error("Sprog has no release"));
    if (path) {
      try {
        const file = await this.file(language, path);
        this.remember(language, namespace, path);
        return this.forNamespace(file, namespace);
      } catch (error) {
        failure = error;
      }
    }
    if (failure) {
      // An older release's file beats the bundled translations.
      const cached = this.cache.file(language);
      if (cached) {
        this.remember(language, namespace, cached.path);
        return this.forNamespace(cached.data, namespace);
      }
    }
    const bundled = await this.bundled(language, namespace);
    if (bundled || !failure) {
      // A language the release lacks: i18next's fallbackLng covers it.
      this.remember(language, namespace, undefined);
      return bundled ?? {};
    }
    throw failure;
  }

  /** Puts a newer release's files into i18next, for the languages and namespaces it has read. */
  private async update(): Promise<void> {
    const files = this.manifest?.files ?? {};
    const changed = [...this.served].filter(
      ([language, { path }]) => files[language] && files[language] !== path,
    );
    if (changed.length === 0) return;
    const i18n = instanceOf(this.services);
    const target = i18n ?? (this.services.resourceStore as unknown as Pick<I18n, "addResourceBundle">);
    const results = await Promise.all(
      changed.map(async ([language, served]) => {
        const path = files[language] as string;
        const file = await this.file(language, path).catch(() => undefined);
        if (!file) return false;
        served.path = path;
        for (const namespace of served.namespaces) {
          target.addResourceBundle(language, namespace, this.forNamespace(file, namespace), true, true);
        }
        return true;
      }),
    );
    if (!results.includes(true)) return;
    // i18next-icu keeps compiled messages by key: without this it would go on showing the old ones.
    this.services.i18nFormat?.clearCache?.();
    // react-i18next re-renders on languageChanged (its default bindI18n); the language stays the same.
    if (i18n) i18n.emit("languageChanged", i18n.language);
  }
}
