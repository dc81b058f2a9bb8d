/**
 * Built pull answers by ETag, in this process. The ETag names the project's state and the request's
 * parameters, so an entry never goes stale: a change makes a new ETag and the old entry ages out.
 * CI jobs of many repositories polling one project get the same bytes without rebuilding them.
 *
 * Bounded by bytes, least recently used out first: 64 MB and 32 answers at most by default, so the
 * cache never holds more than that whatever the projects' sizes (issue 18). One answer may take up
 * to half of it (a 250,000-key language file is about 27 MB of JSON, and rebuilding it on every
 * poll would cost seconds each); a bigger one is answered and not kept.
 */
export class OutputCache<T extends { bytes: Uint8Array }> {
  private readonly entries = new Map<string, T>();
  private size = 0;

  constructor(
    private readonly maxEntries = 32,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: T): void {
    if (entry.bytes.byteLength > this.maxBytes / 2) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.size -= previous.bytes.byteLength;
    }
    this.entries.set(key, entry);
    this.size += entry.bytes.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.size -= old.bytes.byteLength;
    }
  }
}
