import type { ActivityEntry } from "../../../shared/schemas/activity.ts";

/** An activity entry for tests: string edits of Olga in the project p1, unless overridden. */
export function activityEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: "1",
    kind: "strings.edited",
    createdAt: "2026-11-26T10:00:00.000Z",
    user: { id: "u-olga", name: "Olga Owner" },
    projectId: "p1",
    projectName: "Web app",
    count: 1,
    keys: [],
    languages: [],
    details: {},
    ...overrides,
  };
}
