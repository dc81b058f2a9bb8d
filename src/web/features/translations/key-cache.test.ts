import { describe, expect, it } from "vitest";
import type { KeyRow } from "../../../shared/schemas/keys.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { queryKeys } from "../../lib/query-keys.ts";
import type { KeyPages } from "./api/list-keys.ts";
import { applyCell, cachedCell, removeKey, upsertKey } from "./key-cache.ts";

const cell = (value: string, version = 1) => ({ value, version, updatedAt: "2026-03-03T10:00:00.000Z" });
const row = (key: string, strings: KeyRow["strings"] = {}): KeyRow => ({
  id: `id-${key}`,
  key,
  createdAt: "2026-03-01T10:00:00.000Z",
  strings,
});

/** Two pages of a list still loading: `c` is the cursor of the page to come. */
function cached(next: string | null = "c"): KeyPages {
  return {
    pages: [
      { keys: [row("a", { en: cell("A") }), row("c", { en: cell("C") })], next: "c" },
      { keys: [row("e", { en: cell("E") })], next },
    ],
    pageParams: [null, "c"],
  };
}

function setup(next: string | null = "c", search = "") {
  const client = createQueryClient();
  const key = queryKeys.projectKeysFor("p1", ["en"], search);
  client.setQueryData(key, cached(next));
  const names = () =>
    client.getQueryData<KeyPages>(key)?.pages.map((page) => page.keys.map((r) => r.key).join(","));
  return { client, key, names };
}

describe("the key cache over the pages of a key list", () => {
  it("puts a saved cell in place, copying only its page; an older echo changes nothing", () => {
    const { client, key } = setup();
    const before = client.getQueryData<KeyPages>(key);
    expect(applyCell(client, "p1", "id-e", "en", cell("E2", 2))).toBe(true);
    const after = client.getQueryData<KeyPages>(key);
    expect(after?.pages[0]).toBe(before?.pages[0]);
    expect(cachedCell(client, "p1", "id-e", "en")?.value).toBe("E2");
    expect(applyCell(client, "p1", "id-e", "en", cell("E1", 1), { onlyNewer: true })).toBe(false);
    expect(applyCell(client, "p1", "id-e", "de", cell("E", 3))).toBe(false);
  });

  it("inserts a new key in name order, in the page that holds its neighbours", () => {
    const { client, names } = setup();
    upsertKey(client, "p1", row("b"));
    upsertKey(client, "p1", row("d"));
    expect(names()).toEqual(["a,b,c", "d,e"]);
  });

  it("moves a renamed key and keeps its cells", () => {
    const { client, names } = setup(null);
    upsertKey(client, "p1", { ...row("a"), key: "f" });
    expect(names()).toEqual(["c", "e,f"]);
    expect(cachedCell(client, "p1", "id-a", "en")?.value).toBe("A");
  });

  it("leaves a key that sorts after the loaded ones of an unfinished list to the page that holds it", () => {
    const { client, names } = setup("e");
    upsertKey(client, "p1", row("f"));
    expect(names()).toEqual(["a,c", "e"]);
    upsertKey(client, "p1", { ...row("a"), key: "g" });
    expect(names()).toEqual(["c", "e"]);
    upsertKey(client, "p1", row("d"));
    expect(names()).toEqual(["c", "d,e"]);
  });

  it("in a search's list, updates and renames the keys it holds but adds no new key", () => {
    const { client, names } = setup(null, "needle");
    upsertKey(client, "p1", row("b"));
    expect(names()).toEqual(["a,c", "e"]);
    upsertKey(client, "p1", { ...row("a"), key: "d" });
    expect(names()).toEqual(["c", "d,e"]);
  });

  it("removes a deleted key from its page", () => {
    const { client, names } = setup(null);
    removeKey(client, "p1", "id-c");
    expect(names()).toEqual(["a", "e"]);
  });
});
