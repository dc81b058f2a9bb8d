import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { scopeOfBranch } from "../../src/server/branches/scope-of.ts";
import { onBranch } from "../../src/server/db/branch-scope.ts";
import { searchKeyRows } from "../../src/server/keys/search.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { branchWorld, completionOf, facetsOf, listed } from "../helpers/branch-world.ts";
import { addKeyOn, createBranch, diffOf, on, renameOn, saveOn } from "../helpers/branches.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";
import { exportTexts } from "../helpers/transfer.ts";

const api = apiAppForThisFile();
const world = () => branchWorld(api());

/**
 * The keys a search for `text` finds, on main or on a branch. Both ways of reading a search must
 * agree: the list's (few matches: the strings' indexes) and walking the keys (the "many" way, cap -1:
 * each key's search text, migration 0026, then its strings).
 */
async function searched(client: ApiClient, projectId: string, text: string, branchId?: string) {
  const list = await call(
    client,
    contract.keys.list,
    { params: { projectId }, query: { q: text } },
    branchId ? on(branchId) : {},
  );
  expect(list.status).toBe(200);
  const found = list.body.keys.map((k) => k.key);
  const languages = ["en", "de"];
  const scope = await scopeOfBranch(api().db, branchId ?? null);
  const walked = await onBranch(scope, () =>
    searchKeyRows(api().db, { id: projectId, languages }, languages, text, { limit: 100, cap: -1 }),
  );
  expect(walked.strategy).toBe("many");
  expect([...new Set(walked.rows.map((row) => row.key))], `walking the keys for "${text}"`).toEqual(found);
  return found;
}

describe("branches: a branch holds only its changes; main never sees them", () => {
  it("adds, changes, renames and deletes keys on the branch while main stays as it was", async () => {
    const { owner, projectId, keys, branch } = await world();
    expect(await diffOf(owner, branch.id)).toMatchObject({ keys: [], conflicts: 0, blockedBy: null });

    const addedId = await addKeyOn(owner, projectId, branch.id, "checkout.pay", "Pay now");
    await saveOn(owner, branch.id, addedId, "de", "Jetzt bezahlen");
    await saveOn(owner, branch.id, keys.cart, "de", "Dein Warenkorb ist leer");
    await renameOn(owner, branch.id, keys.title, "home.heading");
    expect(
      (await call(owner, contract.keys.remove, { params: { keyId: keys.old } }, on(branch.id))).status,
    ).toBe(204);

    expect(await listed(owner, projectId, branch.id)).toEqual([
      "cart.empty: Your cart is empty / Dein Warenkorb ist leer (changed)",
      "checkout.pay: Pay now / Jetzt bezahlen (added)",
      "home.heading: Welcome / Willkommen (changed)",
    ]);
    expect(await listed(owner, projectId)).toEqual([
      "cart.empty: Your cart is empty / -",
      "home.title: Welcome / Willkommen",
      "legacy.banner: Old banner / -",
    ]);

    const diff = await diffOf(owner, branch.id);
    expect(diff.conflicts).toBe(0);
    expect(
      diff.keys.map((k) => [k.key, k.change, k.baseKey, k.strings.map((s) => `${s.language}:${s.branch}`)]),
    ).toEqual([
      ["cart.empty", "changed", null, ["de:Dein Warenkorb ist leer"]],
      ["checkout.pay", "added", null, ["de:Jetzt bezahlen", "en:Pay now"]],
      ["home.heading", "renamed", "home.title", []],
      ["legacy.banner", "deleted", "legacy.banner", []],
    ]);
    // Completion counts what the branch has: 3 keys there (one added, one deleted), 4 on main.
    const completion = (branchId?: string) => completionOf(owner, projectId, branchId);
    expect(await completion(branch.id)).toEqual(["en: 3/3", "de: 3/3"]);
    // The filter counts too, tags and groups included.
    const facets = (branchId?: string) => facetsOf(owner, projectId, branchId);
    expect(await facets(branch.id)).toEqual({
      total: 3,
      translated: 3,
      missing: 0,
      groups: ["cart 1", "checkout 1", "home 1"],
    });
    expect(await facets()).toEqual({
      total: 3,
      translated: 1,
      missing: 2,
      groups: ["cart 1", "home 1", "legacy 1"],
    });
    expect(await completion()).toEqual(["en: 3/3", "de: 1/3"]);
    // An export on the branch is the branch's files.
    const exported = await exportTexts(
      owner,
      projectId,
      { format: "json", languages: ["de"] },
      on(branch.id),
    );
    expect(JSON.parse(Object.values(exported)[0] ?? "{}")).toEqual({
      "cart.empty": "Dein Warenkorb ist leer",
      "checkout.pay": "Jetzt bezahlen",
      "home.heading": "Willkommen",
    });
    const listedBranches = await call(owner, contract.branches.list, { params: { projectId } });
    expect(listedBranches.body.branches[0]?.changes).toEqual({
      keysAdded: 1,
      keysChanged: 1,
      keysDeleted: 1,
      strings: 3,
    });
  });

  it("searches the branch's texts and names: what it wrote is found, what it replaced or deleted is not", async () => {
    const { owner, projectId, keys, branch } = await world();
    await addKeyOn(owner, projectId, branch.id, "checkout.pay", "Pay now");
    await saveOn(owner, branch.id, keys.cart, "de", "Warenkorb leer");
    await saveOn(owner, branch.id, keys.title, "en", "Hello there");
    await renameOn(owner, branch.id, keys.title, "home.heading");
    const menu = await buildKey(owner, projectId, "nav.menu", { source: "Main menu" });
    const movedOnly = await call(
      owner,
      contract.keys.update,
      { params: { keyId: menu }, body: { key: "nav.drawer" } },
      on(branch.id),
    );
    expect(movedOnly.status).toBe(200);
    expect(
      (await call(owner, contract.keys.remove, { params: { keyId: keys.old } }, on(branch.id))).status,
    ).toBe(204);

    // A text only the branch has.
    expect(await searched(owner, projectId, "WARENKORB", branch.id)).toEqual(["cart.empty"]);
    expect(await searched(owner, projectId, "warenkorb")).toEqual([]);
    // Main's text of a string the branch changed: main's, not the branch's.
    expect(await searched(owner, projectId, "welcome", branch.id)).toEqual([]);
    expect(await searched(owner, projectId, "welcome")).toEqual(["home.title"]);
    expect(await searched(owner, projectId, "hello there", branch.id)).toEqual(["home.heading"]);
    // An added key's text, and a deleted key's.
    expect(await searched(owner, projectId, "pay now", branch.id)).toEqual(["checkout.pay"]);
    expect(await searched(owner, projectId, "pay now")).toEqual([]);
    expect(await searched(owner, projectId, "banner", branch.id)).toEqual([]);
    expect(await searched(owner, projectId, "banner")).toEqual(["legacy.banner"]);
    // Names as the branch has them.
    expect(await searched(owner, projectId, "heading", branch.id)).toEqual(["home.heading"]);
    expect(await searched(owner, projectId, "home.title", branch.id)).toEqual([]);
    expect(await searched(owner, projectId, "legacy", branch.id)).toEqual([]);
    expect(await searched(owner, projectId, "checkout", branch.id)).toEqual(["checkout.pay"]);
    // Main's texts the branch kept: of a key it wrote another string of, of a key it only renamed.
    expect(await searched(owner, projectId, "your cart", branch.id)).toEqual(["cart.empty"]);
    expect(await searched(owner, projectId, "willkommen", branch.id)).toEqual(["home.heading"]);
    expect(await searched(owner, projectId, "main menu", branch.id)).toEqual(["nav.drawer"]);
    expect(await searched(owner, projectId, "main menu")).toEqual(["nav.menu"]);

    // The filter counts within a search count the same keys.
    const facets = async (q: string, branchId?: string) => {
      const answer = await call(
        owner,
        contract.keys.facets,
        { params: { projectId }, query: { lang: "de", q } },
        branchId ? on(branchId) : {},
      );
      expect(answer.status).toBe(200);
      return { total: answer.body.total, translated: answer.body.translated };
    };
    expect(await facets("warenkorb", branch.id)).toEqual({ total: 1, translated: 1 });
    expect(await facets("welcome", branch.id)).toEqual({ total: 0, translated: 0 });
    expect(await facets("welcome")).toEqual({ total: 1, translated: 1 });
    expect(await facets("pay now", branch.id)).toEqual({ total: 1, translated: 0 });
    expect(await facets("banner", branch.id)).toEqual({ total: 0, translated: 0 });
  });

  it("lists a search's keys the branch never touched as main has them now, beside the ones it changed", async () => {
    const { owner, projectId, keys, branch } = await world();
    await saveOn(owner, branch.id, keys.cart, "de", "Shop: Warenkorb leer");
    // Main writes after the branch was made: the branch reads main's text of a key it left alone.
    await saveString(owner, keys.title, "de", "Willkommen im Shop");
    await saveString(owner, keys.old, "en", "Old banner of the shop");
    await renameOn(owner, branch.id, keys.old, "legacy.shop-banner");

    // Only keys the branch has no row of: main's rows, unmarked.
    expect(await listed(owner, projectId, branch.id, { q: "im shop" })).toEqual([
      "home.title: Welcome / Willkommen im Shop",
    ]);
    // Both kinds in one page, in name order, the branch's marked.
    expect(await listed(owner, projectId, branch.id, { q: "shop", limit: "10" })).toEqual([
      "cart.empty: Your cart is empty / Shop: Warenkorb leer (changed)",
      "home.title: Welcome / Willkommen im Shop",
      "legacy.shop-banner: Old banner of the shop / - (changed)",
    ]);
    expect(await listed(owner, projectId, undefined, { q: "shop" })).toEqual([
      "home.title: Welcome / Willkommen im Shop",
      "legacy.banner: Old banner of the shop / -",
    ]);
    // With a filter, the branch's strings decide: its German text of the cart is there.
    expect(await listed(owner, projectId, branch.id, { q: "shop", lang: "de", missing: "1" })).toEqual([
      "legacy.shop-banner: Old banner of the shop / - (changed)",
    ]);
    expect(await listed(owner, projectId, branch.id, { q: "im shop", lang: "de", translated: "1" })).toEqual([
      "home.title: Welcome / Willkommen im Shop",
    ]);
  });

  it("searches a branch of a branch: the nearest branch's text is found, the ones it replaced are not", async () => {
    const { owner, projectId, keys, branch } = await world();
    await saveOn(owner, branch.id, keys.cart, "de", "Warenkorb des Vorgängers");
    await saveOn(owner, branch.id, keys.title, "de", "Hallo vom Vorgänger");
    const child = await createBranch(owner, projectId, "feature/checkout-copy", "feature/checkout");
    await saveOn(owner, child.id, keys.title, "de", "Hallo vom Kind");

    // Both ways of reading a search (`searched`): the base branch's text, main's, the child's own.
    expect(await searched(owner, projectId, "warenkorb des", child.id)).toEqual(["cart.empty"]);
    expect(await searched(owner, projectId, "vom vorgänger", child.id)).toEqual([]);
    expect(await searched(owner, projectId, "vom vorgänger", branch.id)).toEqual(["home.title"]);
    expect(await searched(owner, projectId, "hallo vom", child.id)).toEqual(["home.title"]);
    expect(await searched(owner, projectId, "old banner", child.id)).toEqual(["legacy.banner"]);
    expect(await searched(owner, projectId, "willkommen", child.id)).toEqual([]);
  });

  it("sees main's later changes, and finds the strings changed on both sides", async () => {
    const { owner, projectId, keys, branch } = await world();
    await saveOn(owner, branch.id, keys.title, "de", "Hallo und willkommen");
    // Meanwhile on main: the same string otherwise (a conflict), another one, and a new key.
    await saveString(owner, keys.title, "de", "Herzlich willkommen");
    await saveString(owner, keys.cart, "de", "Leer");
    await buildKey(owner, projectId, "main.only", { source: "Only on main" });

    expect(await listed(owner, projectId, branch.id)).toEqual([
      "cart.empty: Your cart is empty / Leer",
      "home.title: Welcome / Hallo und willkommen (changed)",
      "legacy.banner: Old banner / -",
      "main.only: Only on main / -",
    ]);
    const diff = await diffOf(owner, branch.id);
    expect(diff.conflicts).toBe(1);
    expect(diff.keys).toEqual([
      expect.objectContaining({
        key: "home.title",
        conflict: true,
        strings: [
          {
            language: "de",
            was: "Willkommen",
            base: "Herzlich willkommen",
            branch: "Hallo und willkommen",
            conflict: true,
          },
        ],
      }),
    ]);

    // Unresolved, nothing merges.
    const refused = await fail(owner, contract.branches.merge, { params: { id: branch.id }, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "1 conflict is not resolved: home.title. Choose the branch's or the base's text for each.",
    );
    expect(await listed(owner, projectId)).toContain("home.title: Welcome / Herzlich willkommen");

    const merged = await call(owner, contract.branches.merge, {
      params: { id: branch.id },
      body: { resolutions: [{ keyId: keys.title, take: "edit", values: { de: "Hallo, willkommen" } }] },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ strings: 1, keysAdded: 0, branch: { merges: 1 } });
    expect(await listed(owner, projectId)).toContain("home.title: Welcome / Hallo, willkommen");
    const history = await call(owner, contract.strings.history, {
      params: { keyId: keys.title, lang: "de" },
    });
    expect(history.body.entries[0]).toMatchObject({ value: "Hallo, willkommen", origin: "merge" });
    // The branch reads as main again.
    expect((await diffOf(owner, branch.id)).keys).toEqual([]);
  });

  it("refuses on a branch what cannot be done there yet, and branches of someone else's project", async () => {
    const { owner, projectId, branch } = await world();
    // The project's languages are the project's, on main and every branch: changed on main.
    const refused = await fail(
      owner,
      contract.projects.setLanguages,
      { params: { projectId }, body: { languages: ["en", "de", "fr"] } },
      on(branch.id),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("This cannot be done on a branch yet: switch to main to do it");
    const stranger = await ownerWithProject(api(), ["de"]);
    const hidden = await fail(stranger.owner, contract.branches.diff, { params: { id: branch.id } });
    expect(hidden.status).toBe(404);
    const scoped = await fail(
      stranger.owner,
      contract.keys.list,
      { params: { projectId }, query: {} },
      on(branch.id),
    );
    expect(scoped.status).toBe(404);
  });
});

describe("branches: the views a branch is read through", () => {
  it("have every column of main's tables, and the branch tables keep each of them", async () => {
    const columns = await sql<{ schema: string; table: string; columns: string[] }>`
      select table_schema as schema, table_name as table, array_agg(column_name::text order by column_name) as columns
      from information_schema.columns
      where (table_schema = 'sprog_branch' or table_schema = 'public')
        and table_name in ('translation_keys', 'translation_strings', 'string_history',
          'branch_keys', 'branch_strings', 'branch_history', 'string_checks', 'branch_checks')
      group by 1, 2
    `.execute(api().db);
    const of = (schema: string, table: string) =>
      columns.rows.find((row) => row.schema === schema && row.table === table)?.columns ?? [];
    for (const [table, own] of [
      ["translation_keys", "branch_keys"],
      ["translation_strings", "branch_strings"],
      ["string_history", "branch_history"],
      ["string_checks", "branch_checks"],
    ] as const) {
      expect(of("sprog_branch", table), table).toEqual(of("public", table));
      expect(of("public", own), own).toEqual(expect.arrayContaining(of("public", table)));
    }
  });

  it("read the branch's chain once per statement, not once per row (migration 0049)", async () => {
    const views = await sql<{ name: string; definition: string }>`
      select c.relname as name, pg_get_viewdef(c.oid) as definition
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'sprog_branch' and c.relkind = 'v'
    `.execute(api().db);
    expect(views.rows.map((view) => view.name).sort()).toEqual([
      "key_search_texts",
      "own_keys",
      "string_checks",
      "string_history",
      "translation_keys",
      "translation_strings",
    ]);
    for (const view of views.rows) {
      const calls = view.definition.match(/sprog_branch\.chain\(\)/g) ?? [];
      const once = view.definition.match(/SELECT sprog_branch\.chain\(\)/g) ?? [];
      expect(calls.length, view.name).toBeGreaterThan(0);
      expect(once.length, `${view.name}: ${view.definition}`).toBe(calls.length);
    }
    // And the rows read through them are the branch's: one saved on it, none on main.
    const { owner, projectId, keys, branch } = await world();
    await saveOn(owner, branch.id, keys.cart, "de", "Warenkorb");
    expect(await listed(owner, projectId, branch.id)).toContain(
      "cart.empty: Your cart is empty / Warenkorb (changed)",
    );
    expect(await listed(owner, projectId)).toContain("cart.empty: Your cart is empty / -");
  });
});
