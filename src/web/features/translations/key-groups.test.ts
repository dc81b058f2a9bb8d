import { describe, expect, it } from "vitest";
import type { KeyRow } from "../../../shared/schemas/keys.ts";
import {
  cellAfterArrow,
  flattenGroups,
  GROUP_PAGE_SIZE,
  groupKeys,
  groupMayGrow,
  keyGroupName,
  nextVisibleGroups,
  OTHER_GROUP,
  wantsNextPage,
} from "./key-groups.ts";

function row(key: string, strings: Record<string, string> = {}): KeyRow {
  return {
    id: `id-${key}`,
    key,
    createdAt: "2026-01-01T00:00:00.000Z",
    strings: Object.fromEntries(
      Object.entries(strings).map(([lang, value]) => [lang, { value, version: 1, updatedAt: "" }]),
    ),
  };
}

describe("keyGroupName", () => {
  it("takes the leading alphanumeric prefix up to the first separator", () => {
    expect(keyGroupName("auth.login.title")).toBe("auth");
    expect(keyGroupName("settings_title")).toBe("settings");
    expect(keyGroupName("home-hero")).toBe("home");
    expect(keyGroupName("v2.api")).toBe("v2");
  });

  it("puts keys without a prefix in 'Other'", () => {
    expect(keyGroupName("title")).toBe(OTHER_GROUP);
    expect(keyGroupName(".hidden")).toBe(OTHER_GROUP);
    expect(keyGroupName("_private")).toBe(OTHER_GROUP);
    expect(keyGroupName("")).toBe(OTHER_GROUP);
  });
});

describe("groupKeys", () => {
  it("sorts groups alphabetically and keeps the key order inside a group", () => {
    const groups = groupKeys([
      row("settings.b"),
      row("auth.z"),
      row("title"),
      row("auth.a"),
      row("Billing.x"),
      row("settings.a"),
    ]);
    expect(groups.map((g) => g.name)).toEqual(["auth", "Billing", OTHER_GROUP, "settings"]);
    expect(groups[0]?.keys.map((k) => k.key)).toEqual(["auth.z", "auth.a"]);
    expect(groups[3]?.keys.map((k) => k.key)).toEqual(["settings.b", "settings.a"]);
  });
});

describe("paging of groups", () => {
  const groups = groupKeys(
    Array.from({ length: 12 }, (_, g) => [
      row(`g${String(g).padStart(2, "0")}.a`),
      row(`g${String(g).padStart(2, "0")}.b`),
    ]).flat(),
  );

  it("shows the first 5 groups as header + key rows", () => {
    const rows = flattenGroups(groups, GROUP_PAGE_SIZE);
    expect(rows.filter((r) => r.type === "group").map((r) => (r.type === "group" ? r.name : ""))).toEqual([
      "g00",
      "g01",
      "g02",
      "g03",
      "g04",
    ]);
    expect(rows).toHaveLength(15);
    expect(rows[1]).toMatchObject({ type: "key", group: "g00" });
  });

  it("loads 5 more groups near the end, never past the total", () => {
    expect(nextVisibleGroups(5, 12, 2, 15)).toBe(5);
    expect(nextVisibleGroups(5, 12, 14, 15)).toBe(10);
    expect(nextVisibleGroups(10, 12, 29, 30)).toBe(12);
    expect(nextVisibleGroups(12, 12, 35, 36)).toBe(12);
  });
});

describe("paging from the server (issue 18)", () => {
  it("asks for the next page only once every loaded group shows and the end is near", () => {
    // 5 of 12 groups shown: more groups of the loaded keys first.
    expect(wantsNextPage(5, 12, 14, 15)).toBe(false);
    // All groups shown, but scrolled far from the end.
    expect(wantsNextPage(12, 12, 2, 36)).toBe(false);
    expect(wantsNextPage(12, 12, 36 - 1 - 11, 36)).toBe(false);
    expect(wantsNextPage(12, 12, 36 - 1 - 10, 36)).toBe(true);
    expect(wantsNextPage(12, 12, 35, 36)).toBe(true);
    // Rows that do not fill the screen: the next page at once.
    expect(wantsNextPage(0, 0, -1, 0)).toBe(true);
  });

  it("tells the groups that a page still to come may add keys to", () => {
    // Loaded up to auth.z: keys after it may be auth.zz or anything from b on.
    expect(groupMayGrow("auth", "auth.z")).toBe(true);
    expect(groupMayGrow("billing", "auth.z")).toBe(true);
    expect(groupMayGrow("about", "auth.z")).toBe(false);
    expect(groupMayGrow("Zeta", "auth.z")).toBe(false);
    expect(groupMayGrow(OTHER_GROUP, "auth.z")).toBe(true);
  });

  it("marks those groups' counts as partial while the list is unfinished", () => {
    const groups = groupKeys([row("a.1"), row("a.2"), row("b.1"), row("b.2")]);
    const headers = (loadedUpTo: string | null) =>
      flattenGroups(groups, GROUP_PAGE_SIZE, loadedUpTo).flatMap((r) =>
        r.type === "group" ? [`${r.name} ${r.count}${r.more ? "+" : ""}`] : [],
      );
    expect(headers("b.2")).toEqual(["a 2", "b 2+"]);
    expect(headers(null)).toEqual(["a 2", "b 2"]);
  });

  it("shows a group's whole count while its keys still load, once the server has counted it", () => {
    const groups = groupKeys([row("a.1"), row("b.1"), row("b.2")]);
    const headers = (loadedUpTo: string | null, totals: Map<string, number>) =>
      flattenGroups(groups, GROUP_PAGE_SIZE, loadedUpTo, totals).flatMap((r) =>
        r.type === "group" ? [`${r.name} ${r.count}${r.more ? "+" : ""}`] : [],
      );
    // 2 of b's 350 keys are in: "b 350", not "b 2+".
    expect(headers("b.2", new Map([["b", 350]]))).toEqual(["a 1", "b 350"]);
    // An older count never says fewer than are on screen.
    expect(headers("b.2", new Map([["b", 2]]))).toEqual(["a 1", "b 2"]);
    expect(headers("b.2", new Map([["b", 1]]))).toEqual(["a 1", "b 2"]);
    // A group the server did not count keeps the loaded count.
    expect(headers("b.2", new Map())).toEqual(["a 1", "b 2+"]);
  });
});

describe("arrow keys between the table's cells", () => {
  // [group a] a.1 a.2 [group b] b.1
  const rows = flattenGroups(groupKeys([row("a.1"), row("a.2"), row("b.1")]), GROUP_PAGE_SIZE);

  it("Up and Down keep the column and skip the group headers", () => {
    expect(cellAfterArrow("ArrowDown", rows, 1, 2, 2)).toEqual({ index: 2, column: 2 });
    expect(cellAfterArrow("ArrowDown", rows, 2, 2, 2)).toEqual({ index: 4, column: 2 });
    expect(cellAfterArrow("ArrowUp", rows, 4, 1, 2)).toEqual({ index: 2, column: 1 });
  });

  it("stops at the first and the last key", () => {
    expect(cellAfterArrow("ArrowUp", rows, 1, 1, 2)).toBeNull();
    expect(cellAfterArrow("ArrowDown", rows, 4, 1, 2)).toBeNull();
  });

  it("Left and Right move between the value columns, not past them", () => {
    expect(cellAfterArrow("ArrowRight", rows, 1, 1, 2)).toEqual({ index: 1, column: 2 });
    expect(cellAfterArrow("ArrowLeft", rows, 1, 2, 2)).toEqual({ index: 1, column: 1 });
    expect(cellAfterArrow("ArrowLeft", rows, 1, 1, 2)).toBeNull();
    expect(cellAfterArrow("ArrowRight", rows, 1, 2, 2)).toBeNull();
    // Only the source column (the source language is selected).
    expect(cellAfterArrow("ArrowRight", rows, 1, 1, 1)).toBeNull();
  });

  it("other keys do not move", () => {
    expect(cellAfterArrow("Enter", rows, 1, 1, 2)).toBeNull();
    expect(cellAfterArrow("Home", rows, 1, 1, 2)).toBeNull();
  });
});
