import type { EventBus } from "../events/event-bus.ts";

interface ProjectEntry<T> {
  generation: number;
  values: Map<string, { value: T; at: number; ttl: number }>;
  /** Loads under way, shared by the requests that miss meanwhile. */
  loading: Map<string, Promise<T>>;
}

/**
 * A value costly to load is kept longer: this many times its load's duration, when that is more
 * than the lifetime given. The lifetime only bounds a lost notification; at 250,000 keys an ETag
 * takes hundreds of milliseconds, and recomputing it every second under polling would give the
 * database a share of its time to that alone (about 1/20 this way).
 */
const COSTLY_TTL_FACTOR = 20;

/**
 * Per-project values derived from the database (the pull API's project row and ETag), kept in
 * this process until the project changes. Every change to a project's content publishes an event
 * after its commit; the bus tells this cache at once for changes made here and on delivery for
 * changes made by other server processes. A value is stored only if no change was told while it
 * loaded, so a load that raced a change is never kept; the short lifetime bounds how long another
 * process's change (or a write path that forgot its event) can go unseen.
 */
export class ProjectStateCache<T> {
  private readonly projects = new Map<string, ProjectEntry<T>>();
  private readonly now: () => number;

  constructor(
    events: Pick<EventBus, "subscribeChanges">,
    private readonly options: { ttlMs: number; maxProjects: number; now?: () => number },
  ) {
    this.now = options.now ?? Date.now;
    // For the life of the bus, like the server that owns both.
    events.subscribeChanges((projectId) => {
      const entry = this.projects.get(projectId);
      if (!entry) return;
      entry.generation++;
      entry.values.clear();
      // A load under way may have read before the change: later requests load again.
      entry.loading.clear();
    });
  }

  async get(projectId: string, key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entryOf(projectId);
    const hit = entry.values.get(key);
    if (hit && this.now() - hit.at < hit.ttl) return hit.value;
    const pending = entry.loading.get(key);
    if (pending) return pending;
    const generation = entry.generation;
    const started = this.now();
    const loaded = load();
    entry.loading.set(key, loaded);
    try {
      const value = await loaded;
      if (entry.generation === generation && this.projects.get(projectId) === entry) {
        const at = this.now();
        const ttl = Math.max(this.options.ttlMs, (at - started) * COSTLY_TTL_FACTOR);
        entry.values.set(key, { value, at, ttl });
      }
      return value;
    } finally {
      if (entry.loading.get(key) === loaded) entry.loading.delete(key);
    }
  }

  private entryOf(projectId: string): ProjectEntry<T> {
    const existing = this.projects.get(projectId);
    if (existing) {
      // Most recently used last, so eviction takes the project polled longest ago.
      this.projects.delete(projectId);
      this.projects.set(projectId, existing);
      return existing;
    }
    const entry: ProjectEntry<T> = { generation: 0, values: new Map(), loading: new Map() };
    this.projects.set(projectId, entry);
    for (const oldest of this.projects.keys()) {
      if (this.projects.size <= this.options.maxProjects) break;
      this.projects.delete(oldest);
    }
    return entry;
  }
}
