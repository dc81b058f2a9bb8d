import { createHash } from "node:crypto";
import i18next, { type i18n as I18n, type InitOptions, type Services } from "i18next";
import ICU from "i18next-icu";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SprogBackend, type SprogBackendOptions } from "./backend.ts";

const DISTRIBUTION = "0123456789abcdef0123456789abcdef";
const CDN = "https://cdn.example.com";
const MANIFEST_URL = `${CDN}/ota/${DISTRIBUTION}/production/manifest.json`;

type Flat = Record<string, string>;

/** The Sprog server (or CDN) as the backend sees it: a manifest per release and immutable files. */
function fakeSprog(files: Record<string, Flat>) {
  const contents = new Map<string, Flat>();
  let release = 0;
  let manifestFiles: Record<string, string> = {};
  const requests: { url: string; ifNoneMatch: string | null }[] = [];
  let down = false;

  function publish(languages: Record<string, Flat>): void {
    release += 1;
    manifestFiles = {};
    for (const [language, flat] of Object.entries(languages)) {
      // As the server names them: by their bytes, so an unchanged file keeps its address.
      const name = createHash("sha256").update(JSON.stringify(flat)).digest("hex").slice(0, 32);
      contents.set(name, flat);
      manifestFiles[language] = `files/${name}.json`;
    }
  }
  publish(files);

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const ifNoneMatch = new Headers(init?.headers).get("If-None-Match");
    requests.push({ url, ifNoneMatch });
    if (down) throw new TypeError("Failed to fetch");
    const json = (body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { "Content-Type": "application/json", ...headers },
      });
    if (url === MANIFEST_URL) {
      const etag = `"release-${release}"`;
      if (ifNoneMatch === etag) return new Response(null, { status: 304 });
      return json(
        {
          release,
          environment: "production",
          createdAt: "2026-11-29T10:00:00.000Z",
          placeholderFormat: "web",
          files: manifestFiles,
        },
        { ETag: etag, "Cache-Control": "public, max-age=60" },
      );
    }
    const name = url.startsWith(`${CDN}/ota/${DISTRIBUTION}/files/`)
      ? /\/(\w+)\.json$/.exec(url)?.[1]
      : undefined;
    const flat = name ? contents.get(name) : undefined;
    if (flat) return json(flat);
    return new Response(JSON.stringify({ error: { code: "not_found", message: "Not found" } }), {
      status: 404,
    });
  });

  return {
    fetch,
    requests,
    publish,
    fileUrlOf: (language: string) => `${CDN}/ota/${DISTRIBUTION}/${manifestFiles[language]}`,
    fileRequests: () =>
      requests.filter((request) => request.url.includes("/files/")).map((request) => request.url),
    setDown(value: boolean) {
      down = value;
    },
  };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

const RELEASE = {
  en: { "home.title": "Welcome", "cart.items": "{count, plural, one {# item} other {# items}}" },
  de: { "home.title": "Willkommen", "cart.items": "{count, plural, one {# Artikel} other {# Artikel}}" },
};

const started: I18n[] = [];

async function start(backend: Partial<SprogBackendOptions>, options: InitOptions = {}): Promise<I18n> {
  const i18n = i18next.createInstance();
  started.push(i18n);
  await i18n
    .use(SprogBackend)
    .use(ICU)
    .init({
      lng: "de",
      fallbackLng: "en",
      keySeparator: false,
      backend: { url: CDN, distribution: DISTRIBUTION, checkEveryMinutes: 0, storage: false, ...backend },
      ...options,
    });
  return i18n;
}

function backendOf(i18n: I18n): SprogBackend {
  return i18n.services.backendConnector.backend as SprogBackend;
}

afterEach(() => {
  for (const i18n of started.splice(0)) backendOf(i18n).stop();
  vi.useRealTimers();
});

describe("SprogBackend", () => {
  it("reads the manifest, then the files of the languages i18next loads, as they are (ICU)", async () => {
    const sprog = fakeSprog(RELEASE);
    const i18n = await start({ fetch: sprog.fetch });

    expect(i18n.t("home.title")).toBe("Willkommen");
    expect(i18n.t("cart.items", { count: 3 })).toBe("3 Artikel");
    expect(i18n.t("cart.items", { lng: "en", count: 1 })).toBe("1 item");
    expect(sprog.requests[0]).toEqual({ url: MANIFEST_URL, ifNoneMatch: null });
    expect(sprog.fileRequests().sort()).toEqual([sprog.fileUrlOf("de"), sprog.fileUrlOf("en")]);
  });

  it("asks with the cached manifest's ETag; on 304 it uses the cached files without downloading them", async () => {
    const sprog = fakeSprog(RELEASE);
    const storage = memoryStorage();
    await start({ fetch: sprog.fetch, storage });
    expect([...storage.items.keys()].every((key) => key.startsWith("sprog:"))).toBe(true);
    sprog.requests.length = 0;

    const again = await start({ fetch: sprog.fetch, storage });

    expect(again.t("home.title")).toBe("Willkommen");
    expect(sprog.requests).toEqual([{ url: MANIFEST_URL, ifNoneMatch: '"release-1"' }]);
  });

  it("uses the bundled translations when Sprog cannot be reached and nothing is cached", async () => {
    const sprog = fakeSprog(RELEASE);
    sprog.setDown(true);
    const i18n = await start({
      fetch: sprog.fetch,
      bundled: { de: { translation: { "home.title": "Willkommen (bundled)" } }, en: { translation: {} } },
    });

    expect(i18n.t("home.title")).toBe("Willkommen (bundled)");
  });

  it("takes bundled translations from a function too (dynamic imports)", async () => {
    const sprog = fakeSprog(RELEASE);
    sprog.setDown(true);
    const bundled = vi.fn(async (language: string) => ({ "home.title": `bundled ${language}` }));
    const i18n = await start({ fetch: sprog.fetch, bundled });

    expect(i18n.t("home.title")).toBe("bundled de");
    expect(bundled).toHaveBeenCalledWith("de", "translation");
  });

  it("starts offline from the release cached in localStorage", async () => {
    localStorage.clear();
    const sprog = fakeSprog(RELEASE);
    await start({ fetch: sprog.fetch, storage: undefined });
    sprog.setDown(true);
    sprog.requests.length = 0;

    const offline = await start({
      fetch: sprog.fetch,
      storage: undefined,
      bundled: { de: { translation: { "home.title": "bundled" } } },
    });

    expect(offline.t("home.title")).toBe("Willkommen");
    expect(sprog.fileRequests()).toEqual([]);
    localStorage.clear();
  });

  it("uses an older release's cached file when the new one cannot be downloaded", async () => {
    const sprog = fakeSprog(RELEASE);
    const storage = memoryStorage();
    await start({ fetch: sprog.fetch, storage });
    sprog.publish({ ...RELEASE, de: { "home.title": "Hallo" } });
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes("/files/")
        ? new Response("bad gateway", { status: 502 })
        : sprog.fetch(input, init),
    );

    const i18n = await start({ fetch, storage });

    expect(i18n.t("home.title")).toBe("Willkommen");
  });

  it("gives i18next an error when nothing works, so it retries and falls back", async () => {
    const backend = new SprogBackend();
    backend.init(
      {} as Services,
      { url: CDN, distribution: DISTRIBUTION, checkEveryMinutes: 0, storage: false, fetch: fakeSprogDown() },
      {},
    );
    const answer = await new Promise<unknown[]>((resolve) =>
      backend.read("de", "translation", (...args) => resolve(args)),
    );

    expect(answer[0]).toBeInstanceOf(Error);
    expect(answer[1]).toBe(false);
  });

  it("gives up on a request after the time limit", async () => {
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
    );
    const i18n = await start({
      fetch: hanging,
      timeout: 20,
      bundled: { de: { translation: { "home.title": "bundled" } }, en: { translation: {} } },
    });

    expect(i18n.t("home.title")).toBe("bundled");
  });

  it("falls back to the bundled translations for a language the release lacks", async () => {
    const sprog = fakeSprog(RELEASE);
    const i18n = await start(
      { fetch: sprog.fetch, bundled: { fr: { translation: { "home.title": "Bienvenue" } } } },
      { lng: "fr" },
    );

    expect(i18n.t("home.title")).toBe("Bienvenue");
    expect(i18n.t("cart.items", { count: 2 })).toBe("2 items");
  });

  it("serves the default namespace the whole file, another its `ns:` keys or else the whole file", async () => {
    const sprog = fakeSprog({
      en: { "home.title": "Welcome", "common:ok": "OK", "common:cancel": "Cancel" },
    });
    const i18n = await start(
      { fetch: sprog.fetch },
      { lng: "en", ns: ["translation", "common", "other"], defaultNS: "translation" },
    );

    expect(i18n.t("home.title")).toBe("Welcome");
    expect(i18n.t("ok", { ns: "common" })).toBe("OK");
    expect(i18n.t("common:cancel")).toBe("Cancel");
    expect(i18n.getResourceBundle("en", "common")).toEqual({ ok: "OK", cancel: "Cancel" });
    expect(i18n.t("home.title", { ns: "other" })).toBe("Welcome");
  });

  it("looks for a new release on its timer and puts it into i18next, telling react-i18next to render", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const sprog = fakeSprog(RELEASE);
    const i18n = await start({ fetch: sprog.fetch, checkEveryMinutes: 5 });
    const rendered = vi.fn();
    i18n.on("languageChanged", rendered);
    sprog.publish({ ...RELEASE, de: { ...RELEASE.de, "home.title": "Herzlich willkommen" } });
    sprog.requests.length = 0;

    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(sprog.requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(rendered).toHaveBeenCalledWith("de"));

    expect(i18n.t("home.title")).toBe("Herzlich willkommen");
    expect(i18n.language).toBe("de");
    // The English file is the same bytes, at the same address: not downloaded again.
    expect(sprog.fileRequests()).toHaveLength(1);
  });

  it("looks again when the page is shown after the interval has passed, and stops when told", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const sprog = fakeSprog(RELEASE);
    const i18n = await start({ fetch: sprog.fetch, checkEveryMinutes: 5 });
    const manifests = () => sprog.requests.filter((request) => request.url === MANIFEST_URL).length;
    const shown = () => document.dispatchEvent(new Event("visibilitychange"));
    expect(document.visibilityState).toBe("visible");

    shown();
    expect(manifests()).toBe(1);
    vi.setSystemTime(Date.now() + 6 * 60_000);
    shown();
    await vi.waitFor(() => expect(manifests()).toBe(2));

    backendOf(i18n).stop();
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    shown();
    expect(manifests()).toBe(2);
  });
});

function fakeSprogDown() {
  return vi.fn(async () => {
    throw new TypeError("Failed to fetch");
  });
}

beforeEach(() => {
  vi.restoreAllMocks();
});
