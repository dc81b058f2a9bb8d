import type { EventBus } from "../events/event-bus.ts";

interface ProjectEntry<T> {
  generation: number;
  values: Map<string, { value: T; at: number }>;
}

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
    });
  }

  async get(projectId: string, key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entryOf(projectId);
    const hit = entry.values.get(key);
    if (hit && this.now() - hit.at < this.options.ttlMs) return hit.value;
    const generation = entry.generation;
    const value = await load();
    if (entry.generation === generation && this.projects.get(projectId) === entry) {
      entry.values.set(key, { value, at: this.now() });
    }
    return value;
  }

  private entryOf(projectId: string): ProjectEntry<T> {
    const existing = this.projects.get(projectId);
    if (existing) {
      // Most recently used last, so eviction takes the project polled longest ago.
      this.projects.delete(projectId);
      this.projects.set(projectId, existing);
      return existing;
    }
    const entry: ProjectEntry<T> = { generation: 0, values: new Map() };
    this.projects.set(projectId, entry);
    for (const oldest of this.projects.keys()) {
      if (this.projects.size <= this.options.maxProjects) break;
      this.projects.delete(oldest);
    }
    return entry;
  }
}
