/**
 * The releases an app has read, kept in localStorage (or what `storage` gives) so the next start
 * needs no file download and an offline start still shows the last release. Every key starts with
 * `sprog:`; a full or blocked storage only costs the cache, never the translations.
 */

/** What the backend needs of the Web Storage API. */
export type CacheStorage = Pick<Storage, "getItem" | "setItem">;

/** The manifest as the backend uses it (the server's `releaseManifestSchema`, checked loosely). */
export interface Manifest {
  release: number;
  environment: string;
  createdAt: string;
  placeholderFormat: string;
  /** Language → the file's path relative to `{url}/ota/{distribution}/`. */
  files: Record<string, string>;
}

/** A language's file: the pull API's flat JSON, key name → ICU message. */
export type FlatFile = Record<string, string>;

export interface CachedManifest {
  manifest: Manifest;
  etag: string | undefined;
}

/** One entry per language (its newest file), so old releases do not pile up in the storage. */
export interface CachedFile {
  path: string;
  data: FlatFile;
}

export function defaultStorage(): CacheStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // A sandboxed frame or blocked cookies: reading localStorage throws.
    return undefined;
  }
}

export function createCache(storage: CacheStorage | undefined, distribution: string, environment: string) {
  const manifestKey = `sprog:${distribution}:${environment}:manifest`;
  const fileKey = (language: string) => `sprog:${distribution}:file:${language}`;

  function read<T>(key: string): T | undefined {
    try {
      const text = storage?.getItem(key);
      return text ? (JSON.parse(text) as T) : undefined;
    } catch {
      return undefined;
    }
  }
  function write(key: string, value: unknown): void {
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Quota exceeded or storage blocked: the app works without the cache.
    }
  }

  return {
    manifest: () => read<CachedManifest>(manifestKey),
    saveManifest: (value: CachedManifest) => write(manifestKey, value),
    file: (language: string) => read<CachedFile>(fileKey(language)),
    saveFile: (language: string, value: CachedFile) => write(fileKey(language), value),
  };
}

export type ReleaseCache = ReturnType<typeof createCache>;
