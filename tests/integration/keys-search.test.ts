import { describe, expect, it } from "vitest";
import { searchKeyRows } from "../../src/server/keys/search.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail, type InputOf, type OutputOf } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";

/** `?q=` on the keys list (issue 18): the Overview searches on the server, page by page. */

const api = apiAppForThisFile();

/** Keys with their source texts; an empty text: a key without one. */
async function addKeys(owner: ApiClient, projectId: string, keys: Record<string, string>) {
  const ids: Record<string, string> = {};
  for (const [key, source] of Object.entries(keys)) {
    ids[key] = await buildKey(owner, projectId, key, source ? { source } : {});
  }
  return ids;
}

async function search(
  owner: ApiClient,
  projectId: string,
  query: InputOf<typeof contract.keys.list>["query"],
) {
  const answer = await call(owner, contract.keys.list, { params: { projectId }, query });
  expect(answer.status, JSON.stringify(query)).toBe(200);
  return answer.body;
}

const names = (page: OutputOf<typeof contract.keys.list>) => page.keys.map((row) => row.key);

describe("search (q)", () => {
  it("finds keys by name, case-insensitively", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    await addKeys(owner, projectId, { "auth.login": "Sign in", "auth.Logout": "Sign out", "home.title": "" });
    expect(names(await search(owner, projectId, { q: "LOG", limit: 50 }))).toEqual([
      "auth.Logout",
      "auth.login",
    ]);
    expect(names(await search(owner, projectId, { q: "home" }))).toEqual(["home.title"]);
    // An empty or blank query is no search.
    expect(names(await search(owner, projectId, { q: "  " }))).toHaveLength(3);
  });

  it("finds keys by the text of any project language, not only the requested ones", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const ids = await addKeys(owner, projectId, { greeting: "Hello", farewell: "Goodbye", other: "Else" });
    await saveString(owner, ids.greeting ?? "", "fr", "Bonjour à tous");
    await saveString(owner, ids.farewell ?? "", "de", "Auf Wiedersehen");
    const page = await search(owner, projectId, { languages: "en,de", q: "BONJOUR", limit: 10 });
    expect(names(page)).toEqual(["greeting"]);
    // The strings answered stay those of the languages asked for.
    expect(Object.keys(page.keys[0]?.strings ?? {})).toEqual(["en"]);
    expect(names(await search(owner, projectId, { languages: "en", q: "wiedersehen" }))).toEqual([
      "farewell",
    ]);
    expect(names(await search(owner, projectId, { q: "goodbye", limit: 5 }))).toEqual(["farewell"]);
    expect(names(await search(owner, projectId, { q: "nowhere", limit: 5 }))).toEqual([]);
  });

  it("takes %, _ and \\ literally, in names and in texts", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    await addKeys(owner, projectId, {
      rate_limit: "",
      rateXlimit: "",
      discount: "Save 50% today",
      discount2: "Save 500 today",
      snake: "snake_case text",
      snake2: "snakeXcase text",
      "path\\to": "",
      pathXto: "",
    });
    const found = async (q: string) => names(await search(owner, projectId, { q, limit: 50 }));
    expect(await found("e_l")).toEqual(["rate_limit"]);
    expect(await found("50% today")).toEqual(["discount"]);
    expect(await found("snake_case")).toEqual(["snake"]);
    expect(await found("h\\t")).toEqual(["path\\to"]);
  });

  it("looks at key names only for a search without three letters or digits in a row", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    await addKeys(owner, projectId, { "ab.title": "Title", other: "Lab ab", "x-1": "No 1" });
    expect(names(await search(owner, projectId, { q: "AB", limit: 50 }))).toEqual(["ab.title"]);
    expect(names(await search(owner, projectId, { q: "-1" }))).toEqual(["x-1"]);
    // With three letters in a row, the texts too.
    expect(names(await search(owner, projectId, { q: "lab" }))).toEqual(["other"]);
  });

  it("pages through the matches in byte order with `after`: every match once, `next` null at the end", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const keys: Record<string, string> = {};
    for (let i = 0; i < 12; i++) {
      keys[`m${String(i).padStart(2, "0")}.key`] = i % 3 === 0 ? "a needle here" : "hay";
      keys[`n${String(i).padStart(2, "0")}.needle`] = "";
      keys[`o${String(i).padStart(2, "0")}.other`] = "hay";
    }
    await addKeys(owner, projectId, keys);
    const expected = Object.keys(keys)
      .filter((key) => key.includes("needle") || keys[key]?.includes("needle"))
      .sort((x, y) => (Buffer.from(x) < Buffer.from(y) ? -1 : 1));
    expect(expected).toHaveLength(16);

    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query = after === null ? { q: "NEEDLE", limit: 5 } : { q: "NEEDLE", limit: 5, after };
      const answer = await search(owner, projectId, query);
      seen.push(...names(answer));
      after = answer.next ?? null;
      if (after === null) break;
    }
    expect(seen).toEqual(expected);
  });

  it("answers the same whether the matches are few (looked up by index) or many (walked in order)", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const keys: Record<string, string> = {};
    for (let i = 0; i < 20; i++) keys[`k${String(i).padStart(2, "0")}`] = i % 2 === 0 ? `match ${i}` : "no";
    keys["match.by.name"] = "";
    await addKeys(owner, projectId, keys);
    const languages = ["en", "de"];
    const project = { id: projectId, languages };
    const db = api().db;
    const keysOf = (found: { rows: { key: string }[] }) => [...new Set(found.rows.map((row) => row.key))];
    const few = await searchKeyRows(db, project, languages, "MATCH", { limit: 4, cap: 1000 });
    const many = await searchKeyRows(db, project, languages, "MATCH", { limit: 4, cap: 2 });
    expect(few.strategy).toBe("few");
    expect(many.strategy).toBe("many");
    expect(keysOf(many)).toEqual(keysOf(few));
    expect(keysOf(few)).toEqual(["k00", "k02", "k04", "k06"]);
    const after = keysOf(few).at(-1) ?? "";
    const fewNext = await searchKeyRows(db, project, languages, "match", { limit: 50, after, cap: 1000 });
    const manyNext = await searchKeyRows(db, project, languages, "match", { limit: 50, after, cap: 2 });
    expect(keysOf(manyNext)).toEqual(keysOf(fewNext));
    expect(keysOf(fewNext)).toEqual(["k08", "k10", "k12", "k14", "k16", "k18", "match.by.name"]);
  });

  it("refuses a query longer than 200 characters", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const answer = await fail(owner, contract.keys.list, {
      params: { projectId },
      query: { q: "x".repeat(201) },
    });
    expect(answer.status).toBe(400);
  });
});
