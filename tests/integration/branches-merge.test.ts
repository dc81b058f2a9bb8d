import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { branchWorld, completionOf, facetsOf, listed } from "../helpers/branch-world.ts";
import {
  addKeyOn,
  clearLanguageOn,
  createBranch,
  diffOf,
  mergeBranch,
  on,
  saveOn,
} from "../helpers/branches.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { memberOf } from "../helpers/factories.ts";
import { upload } from "../helpers/transfer.ts";

// Issue 39: merging a branch into its base (main, or the branch it came from), and what reaches
// main only by a merge (a file imported on the branch, a language emptied there). The model of a
// branch's own rows: branches-model.test.ts.
const api = apiAppForThisFile();
const world = () => branchWorld(api());

describe("branches: merging into the base", () => {
  it("merges a new key with its id, strings and history, and merges again later", async () => {
    const { owner, projectId, branch } = await world();
    const added = await call(
      owner,
      contract.keys.create,
      { params: { projectId }, body: { key: "checkout.pay", sourceValue: "Pay" } },
      on(branch.id),
    );
    await saveOn(owner, branch.id, added.body.id, "en", "Pay now");
    const first = await call(owner, contract.branches.merge, { params: { id: branch.id }, body: {} });
    expect(first.body).toMatchObject({ keysAdded: 1 });
    expect(await listed(owner, projectId)).toContain("checkout.pay: Pay now / -");
    const history = await call(owner, contract.strings.history, {
      params: { keyId: added.body.id, lang: "en" },
    });
    expect(history.body.entries.map((h) => h.value)).toEqual(["Pay now", "Pay"]);

    await saveOn(owner, branch.id, added.body.id, "de", "Jetzt bezahlen");
    expect(await listed(owner, projectId)).toContain("checkout.pay: Pay now / -");
    const second = await call(owner, contract.branches.merge, { params: { id: branch.id }, body: {} });
    expect(second.body).toMatchObject({ keysAdded: 0, strings: 1, branch: { merges: 2 } });
    expect(await listed(owner, projectId)).toContain("checkout.pay: Pay now / Jetzt bezahlen");
  });

  it("a branch of a branch merges into its parent, which merges into main", async () => {
    const { owner, projectId, keys, branch } = await world();
    const child = await createBranch(owner, projectId, "feature/checkout-copy", "feature/checkout");
    await saveOn(owner, branch.id, keys.cart, "de", "Leer (Eltern)");
    await saveOn(owner, child.id, keys.title, "de", "Willkommen (Kind)");
    // The child deletes a key its parent changed, empties a string its parent wrote, and adds a key
    // with its source text only.
    await saveOn(owner, branch.id, keys.old, "de", "Altes Banner");
    await saveOn(owner, child.id, keys.cart, "de", "");
    expect(
      (await call(owner, contract.keys.remove, { params: { keyId: keys.old } }, on(child.id))).status,
    ).toBe(204);
    await addKeyOn(owner, projectId, child.id, "checkout.total", "Total");
    expect(await listed(owner, projectId, child.id)).toEqual([
      "cart.empty: Your cart is empty /  (changed)",
      "checkout.total: Total / - (added)",
      "home.title: Welcome / Willkommen (Kind) (changed)",
    ]);
    expect(await listed(owner, projectId, branch.id)).toContain("home.title: Welcome / Willkommen");

    // What a branch counts (completion and filter counts, over the chain of two) is what its parent
    // counts once it merges, and then main.
    const counts = async (branchId?: string) => ({
      completion: await completionOf(owner, projectId, branchId),
      facets: await facetsOf(owner, projectId, branchId),
    });
    const child_ = await counts(child.id);
    expect(child_.completion).toEqual(["en: 3/3", "de: 1/3"]);
    expect(child_.facets).toMatchObject({ total: 3, translated: 1, missing: 2 });

    const intoParent = await call(owner, contract.branches.merge, { params: { id: child.id }, body: {} });
    expect(intoParent.status).toBe(200);
    expect(await counts(branch.id)).toEqual(child_);
    expect(await listed(owner, projectId, branch.id)).toContain(
      "home.title: Welcome / Willkommen (Kind) (changed)",
    );
    expect(await listed(owner, projectId)).toContain("home.title: Welcome / Willkommen");
    // The parent cannot be deleted while a branch of it lives.
    const refused = await fail(owner, contract.branches.archive, { params: { id: branch.id } });
    expect(refused.status).toBe(400);

    const intoMain = await call(owner, contract.branches.merge, { params: { id: branch.id }, body: {} });
    expect(intoMain.body).toMatchObject({ keysAdded: 1, keysDeleted: 1 });
    expect(await listed(owner, projectId)).toEqual([
      "cart.empty: Your cart is empty / ",
      "checkout.total: Total / -",
      "home.title: Welcome / Willkommen (Kind)",
    ]);
    expect(await counts()).toEqual(child_);
  });

  it("only owners and admins merge into a protected main; a deleted branch is archived, read-only", async () => {
    const { owner, projectId, teamId, keys, branch } = await world();
    const reviewer = await memberOf(api(), teamId, "reviewer");
    await saveOn(reviewer.client, branch.id, keys.cart, "de", "Leer");
    const settings = await call(owner, contract.branches.settings, {
      params: { projectId },
      body: { mainProtected: true },
    });
    expect(settings.body.mainProtected).toBe(true);
    const diff = await diffOf(reviewer.client, branch.id);
    expect(diff.blockedBy).toBe("main is protected: only owners and admins merge into it");
    const refused = await fail(reviewer.client, contract.branches.merge, {
      params: { id: branch.id },
      body: {},
    });
    expect(refused.status).toBe(403);
    expect(await listed(owner, projectId)).toContain("cart.empty: Your cart is empty / -");

    const archived = await call(owner, contract.branches.archive, { params: { id: branch.id } });
    expect(archived.body.archivedAt).not.toBeNull();
    const list = await call(owner, contract.branches.list, { params: { projectId } });
    expect(list.body.branches).toEqual([]);
    expect(list.body.archived.map((b) => b.name)).toEqual(["feature/checkout"]);
    // Its strings are kept and read; nothing is written to it any more.
    expect(await listed(owner, projectId, branch.id)).toContain(
      "cart.empty: Your cart is empty / Leer (changed)",
    );
    const write = await fail(
      owner,
      contract.strings.save,
      { params: { keyId: keys.cart, lang: "de" }, body: { value: "Nein", force: true } },
      on(branch.id),
    );
    expect(write.status).toBe(400);
    expect(write.body.error.message).toBe(
      "The branch feature/checkout is deleted: its strings can be read, not changed",
    );
    // The name is free again.
    await createBranch(owner, projectId, "feature/checkout");
  });

  it("imports a file in the app on a branch: the branch has its strings and keys, main has them once it merges", async () => {
    const { owner, projectId, branch } = await world();
    const file = JSON.stringify({ home: { title: "Willkommen!" }, checkout: { pay: "Jetzt bezahlen" } });
    const imported = await upload(
      owner,
      projectId,
      "de.json",
      file,
      { language: "de", overwriteExisting: true, flattenNestedKeys: true },
      on(branch.id),
    );
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ keysAdded: 1, translationsAdded: 2 });
    expect(await listed(owner, projectId, branch.id)).toEqual([
      "cart.empty: Your cart is empty / -",
      "checkout.pay: - / Jetzt bezahlen (added)",
      "home.title: Welcome / Willkommen! (changed)",
      "legacy.banner: Old banner / -",
    ]);
    expect(await listed(owner, projectId)).toEqual([
      "cart.empty: Your cart is empty / -",
      "home.title: Welcome / Willkommen",
      "legacy.banner: Old banner / -",
    ]);
    await mergeBranch(owner, branch.id);
    expect(await listed(owner, projectId)).toEqual([
      "cart.empty: Your cart is empty / -",
      "checkout.pay: - / Jetzt bezahlen",
      "home.title: Welcome / Willkommen!",
      "legacy.banner: Old banner / -",
    ]);
  });

  it("empties a language on the branch, kept in the branch's history; main's is emptied when it merges", async () => {
    const { owner, projectId, keys, branch } = await world();
    await saveOn(owner, branch.id, keys.cart, "de", "Dein Warenkorb ist leer");
    expect(await clearLanguageOn(owner, projectId, "de", branch.id)).toBe(2);
    expect(await listed(owner, projectId, branch.id)).toEqual([
      "cart.empty: Your cart is empty / - (changed)",
      "home.title: Welcome / - (changed)",
      "legacy.banner: Old banner / -",
    ]);
    expect(await listed(owner, projectId)).toContain("home.title: Welcome / Willkommen");
    const history = await call(
      owner,
      contract.strings.history,
      { params: { keyId: keys.title, lang: "de" } },
      on(branch.id),
    );
    expect(history.body.entries.map((h) => h.value)).toEqual([null, "Willkommen"]);
    expect(await completionOf(owner, projectId, branch.id)).toEqual(["en: 3/3", "de: 0/3"]);

    await mergeBranch(owner, branch.id);
    expect(await listed(owner, projectId)).toEqual([
      "cart.empty: Your cart is empty / -",
      "home.title: Welcome / -",
      "legacy.banner: Old banner / -",
    ]);
  });
});
