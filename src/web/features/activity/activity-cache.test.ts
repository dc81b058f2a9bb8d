import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ActivityPage } from "../../../shared/schemas/activity.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import { applyActivityEntry, entryMatches, withActivityEntry } from "./activity-cache.ts";
import type { ActivityPages } from "./api/list-activity.ts";
import { activityEntry } from "./test-entries.ts";

const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, "0")}:00.000Z`;
const pagesOf = (...pages: ActivityPage[]): ActivityPages => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});
const ids = (data: ActivityPages) => data.pages.map((page) => page.entries.map((entry) => entry.id));

describe("withActivityEntry", () => {
  const older = activityEntry({ id: "2", createdAt: at(5) });
  const oldest = activityEntry({ id: "1", createdAt: at(1) });

  it("puts a new entry at the top of the first page", () => {
    const data = pagesOf({ entries: [older, oldest], next: null });
    const fresh = activityEntry({ id: "3", createdAt: at(9) });
    expect(ids(withActivityEntry(data, fresh))).toEqual([["3", "2", "1"]]);
  });

  it("replaces an entry whose count grew instead of listing it twice, keeping its place", () => {
    const newest = activityEntry({ id: "3", createdAt: at(9), kind: "key.created" });
    const data = pagesOf({ entries: [newest, older], next: "c" }, { entries: [oldest], next: null });
    const grown = { ...older, count: 7, languages: ["de", "fr"] };
    const next = withActivityEntry(data, grown);
    expect(ids(next)).toEqual([["3", "2"], ["1"]]);
    expect(next.pages[0]?.entries[1]?.count).toBe(7);
    // The cached data is not changed in place (TanStack Query compares by reference).
    expect(data.pages[0]?.entries[1]?.count).toBe(1);
  });

  it("moves a grown entry that now carries a later time to the top, out of a later page", () => {
    const data = pagesOf({ entries: [older], next: "c" }, { entries: [oldest], next: null });
    const grown = { ...oldest, createdAt: at(8), count: 3 };
    expect(ids(withActivityEntry(data, grown))).toEqual([["1", "2"], []]);
  });

  it("leaves an entry older than all loaded ones to Load more while older pages remain", () => {
    const data = pagesOf({ entries: [older], next: "c" });
    const ancient = activityEntry({ id: "0", createdAt: "2026-11-20T10:00:00.000Z" });
    expect(ids(withActivityEntry(data, ancient))).toEqual([["2"]]);
    const complete = pagesOf({ entries: [older], next: null });
    expect(ids(withActivityEntry(complete, ancient))).toEqual([["2", "0"]]);
  });

  it("fills an empty feed", () => {
    expect(ids(withActivityEntry(pagesOf({ entries: [], next: null }), older))).toEqual([["2"]]);
  });
});

describe("entryMatches", () => {
  const edit = activityEntry({ createdAt: "2026-11-26T23:30:00.000Z" });

  it("keeps an entry to the feed's project, person, kind and UTC days", () => {
    expect(entryMatches(edit, {}, true)).toBe(true);
    expect(entryMatches(edit, { projectId: "p1", userId: "u-olga", kind: "strings.edited" }, true)).toBe(
      true,
    );
    expect(entryMatches(edit, { projectId: "p2" }, true)).toBe(false);
    expect(entryMatches(edit, { userId: "u-rita" }, true)).toBe(false);
    expect(entryMatches(edit, { kind: "key.created" }, true)).toBe(false);
    expect(entryMatches(edit, { since: "2026-11-26", until: "2026-11-26" }, true)).toBe(true);
    expect(entryMatches(edit, { since: "2026-11-27" }, true)).toBe(false);
    expect(entryMatches(edit, { until: "2026-11-25" }, true)).toBe(false);
  });

  it("shows someone who may not see all (a reviewer) only string work", () => {
    const apiKey = activityEntry({ kind: "api_key.created" });
    expect(entryMatches(apiKey, {}, true)).toBe(true);
    expect(entryMatches(apiKey, {}, false)).toBe(false);
    expect(entryMatches(edit, {}, false)).toBe(true);
  });
});

describe("applyActivityEntry", () => {
  it("puts the entry into the cached feeds that would list it and no other", () => {
    const client = new QueryClient();
    const project = queryKeys.teamActivityFor("t1", { projectId: "p1" });
    const otherProject = queryKeys.teamActivityFor("t1", { projectId: "p2" });
    const imports = queryKeys.teamActivityFor("t1", { kind: "strings.imported" });
    const otherTeam = queryKeys.teamActivityFor("t2", {});
    for (const key of [project, otherProject, imports, otherTeam]) {
      client.setQueryData(key, pagesOf({ entries: [], next: null }));
    }
    applyActivityEntry(client, "t1", activityEntry({ id: "9" }), true);
    expect(ids(client.getQueryData<ActivityPages>(project) as ActivityPages)).toEqual([["9"]]);
    for (const key of [otherProject, imports, otherTeam]) {
      expect(ids(client.getQueryData<ActivityPages>(key) as ActivityPages)).toEqual([[]]);
    }
  });
});
