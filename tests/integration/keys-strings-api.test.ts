import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildUser, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";

const api = apiAppForThisFile();

describe("keys", () => {
  it("adds a key with an optional source string; names are unique per project", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const params = { projectId };
    const withSource = await call(owner, contract.keys.create, {
      params,
      body: { key: "home.title", sourceValue: "Welcome\n\n" },
    });
    expect(withSource.status).toBe(201);
    expect(withSource.body).toMatchObject({
      key: "home.title",
      strings: { en: { value: "Welcome", version: 1 } },
    });
    const bare = await call(owner, contract.keys.create, { params, body: { key: "home.empty" } });
    expect(bare.body.strings).toEqual({});

    const duplicate = await fail(owner, contract.keys.create, { params, body: { key: "home.title" } });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { error: { code: "conflict", message: "A key with this name already exists in this project" } },
    });
    const list = await call(owner, contract.keys.list, { params, query: {} });
    expect(list.body.keys.map((k) => k.key)).toEqual(["home.empty", "home.title"]);
  });

  it("refuses bad key names and values with clear messages, writing nothing", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const cases: [unknown, string][] = [
      [{ key: "  " }, "Key name is required"],
      [{ key: "k".repeat(256) }, "Key name must be at most 255 characters"],
      [{ key: "tab\there" }, "Key name must not contain control characters"],
      [{ key: "ok", sourceValue: "v".repeat(10_001) }, "A translation must be at most 10,000 characters"],
    ];
    for (const [body, message] of cases) {
      const answer = await fail(owner, contract.keys.create, { params: { projectId }, body });
      expect(answer, message).toMatchObject({ status: 400, body: { error: { message } } });
    }
    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(list.body.keys).toEqual([]);
  });

  it("renames in place (a taken name is a 409) and deletes", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const a = await call(owner, contract.keys.create, {
      params: { projectId },
      body: { key: "a", sourceValue: "A" },
    });
    await call(owner, contract.keys.create, { params: { projectId }, body: { key: "b" } });
    const keyOfA = { keyId: a.body.id };
    const renamed = await call(owner, contract.keys.update, { params: keyOfA, body: { key: "a.renamed" } });
    expect(renamed.body).toMatchObject({ id: a.body.id, key: "a.renamed", strings: { en: { value: "A" } } });
    const taken = await fail(owner, contract.keys.update, { params: keyOfA, body: { key: "b" } });
    expect(taken).toMatchObject({
      status: 409,
      body: { error: { message: "A key with this name already exists in this project" } },
    });
    expect((await call(owner, contract.keys.remove, { params: keyOfA })).status).toBe(204);
    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(list.body.keys.map((k) => k.key)).toEqual(["b"]);
  });

  it("lists only the requested languages", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const key = await call(owner, contract.keys.create, {
      params: { projectId },
      body: { key: "k", sourceValue: "K" },
    });
    const keyId = key.body.id;
    await call(owner, contract.strings.save, { params: { keyId, lang: "de" }, body: { value: "K-de" } });
    await call(owner, contract.strings.save, { params: { keyId, lang: "fr" }, body: { value: "K-fr" } });
    const list = await call(owner, contract.keys.list, {
      params: { projectId },
      query: { languages: "en,fr" },
    });
    expect(Object.keys(list.body.keys[0]?.strings ?? {}).sort()).toEqual(["en", "fr"]);
  });
});

describe("paging", () => {
  it("pages through keys in byte order: every key once, `next` null at the end", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const names = ["b", "a", "Z", "a.b", "a_b", "ä", "10", "9", "B"];
    for (const key of names)
      await call(owner, contract.keys.create, { params: { projectId }, body: { key, sourceValue: key } });
    const seen: string[] = [];
    let after: string | null | undefined;
    for (let page = 0; page < 10; page++) {
      const query = after === undefined ? { limit: 4 } : { limit: 4, after: after ?? "" };
      const answer = await call(owner, contract.keys.list, { params: { projectId }, query });
      expect(answer.status).toBe(200);
      seen.push(...answer.body.keys.map((k) => k.key));
      after = answer.body.next;
      if (after === null) break;
    }
    const byteOrder = [...names].sort((x, y) => (Buffer.from(x) < Buffer.from(y) ? -1 : 1));
    expect(seen).toEqual(byteOrder);
    const all = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(all.body.keys.map((k) => k.key)).toEqual(byteOrder);
    expect(all.body.next).toBeNull();
  });

  it("refuses a bad page size", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    for (const limit of ["0", "5001", "many"]) {
      const answer = await fail(owner, contract.keys.list, { params: { projectId }, query: { limit } });
      expect(answer.status, limit).toBe(400);
    }
  });
});

describe("strings", () => {
  it("saves, strips trailing newlines, keeps HTML as text, and counts versions", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const key = await call(owner, contract.keys.create, { params: { projectId }, body: { key: "k" } });
    const cell = { keyId: key.body.id, lang: "de" };
    const first = await call(owner, contract.strings.save, {
      params: cell,
      body: { value: "<b>Hallo</b> {name}\n\r\n" },
    });
    expect(first.body).toMatchObject({
      keyId: key.body.id,
      language: "de",
      cell: { value: "<b>Hallo</b> {name}", version: 1 },
    });
    const second = await call(owner, contract.strings.save, {
      params: cell,
      body: { value: "Servus {name}", baseVersion: 1 },
    });
    expect(second.body.cell).toMatchObject({ value: "Servus {name}", version: 2 });
    const same = await call(owner, contract.strings.save, {
      params: cell,
      body: { value: "Servus {name}", baseVersion: 2 },
    });
    expect(same.body.cell.version).toBe(2);
  });

  it("refuses a language the project does not have", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const key = await call(owner, contract.keys.create, { params: { projectId }, body: { key: "k" } });
    const answer = await fail(owner, contract.strings.save, {
      params: { keyId: key.body.id, lang: "ja" },
      body: { value: "x" },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { message: "Japanese is not a language of this project" } },
    });
  });

  it("keeps every value in history and restores an older one", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const key = await call(owner, contract.keys.create, { params: { projectId }, body: { key: "k" } });
    const params = { keyId: key.body.id, lang: "de" };
    await call(owner, contract.strings.save, { params, body: { value: "one" } });
    await call(owner, contract.strings.save, { params, body: { value: "two", baseVersion: 1 } });
    await call(owner, contract.strings.save, { params, body: { value: "three", baseVersion: 2 } });
    const history = await call(owner, contract.strings.history, { params });
    expect(history.body.entries.map((e) => [e.value, e.version, e.origin])).toEqual([
      ["three", 3, "person"],
      ["two", 2, "person"],
      ["one", 1, "person"],
    ]);
    expect(history.body.entries[0]?.by).toMatch(/@example\.com$/);

    const one = history.body.entries.find((e) => e.value === "one");
    if (!one) throw new Error("the history has no entry 'one'");
    const restored = await call(owner, contract.strings.restore, { params, body: { historyId: one.id } });
    expect(restored.body.cell).toMatchObject({ value: "one", version: 4 });
    const after = await call(owner, contract.strings.history, { params });
    expect(after.body.entries[0]).toMatchObject({ value: "one", version: 4, origin: "restore" });
    expect(after.body.entries).toHaveLength(4);

    const foreign = await fail(owner, contract.strings.restore, { params, body: { historyId: 999999 } });
    expect(foreign.status).toBe(404);
  });

  it("concurrent edits: the second writer gets a clear conflict, may overwrite, and nothing is lost", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api());
    const { client: colleague } = await memberOf(api(), teamId, "reviewer", {
      firstName: "Grace",
      lastName: "Hopper",
    });

    const key = await call(owner, contract.keys.create, { params: { projectId }, body: { key: "k" } });
    const params = { keyId: key.body.id, lang: "de" };
    await call(owner, contract.strings.save, { params, body: { value: "base" } });

    // Both open the cell at version 1; the colleague saves first.
    const theirs = await call(colleague, contract.strings.save, {
      params,
      body: { value: "theirs", baseVersion: 1 },
    });
    expect(theirs.status).toBe(200);
    const mine = await fail(owner, contract.strings.save, {
      params,
      body: { value: "mine", baseVersion: 1 },
    });
    expect(mine.status).toBe(409);
    expect(mine.body).toMatchObject({
      error: {
        code: "conflict",
        message: "Grace Hopper changed this translation while you were editing it.",
      },
      current: { value: "theirs", version: 2, updatedBy: "Grace Hopper" },
    });

    const forced = await call(owner, contract.strings.save, {
      params,
      body: { value: "mine", baseVersion: 1, force: true },
    });
    expect(forced.body.cell).toMatchObject({ value: "mine", version: 3 });
    const history = await call(owner, contract.strings.history, { params });
    expect(history.body.entries.map((e) => e.value)).toEqual(["mine", "theirs", "base"]);
  });

  it("many simultaneous saves of one cell: every accepted value is in history, versions never repeat", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const key = await call(owner, contract.keys.create, { params: { projectId }, body: { key: "k" } });
    const params = { keyId: key.body.id, lang: "de" };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(owner, contract.strings.save, { params, body: { value: `v${i}`, force: true } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const history = await call(owner, contract.strings.history, { params });
    expect(history.body.entries).toHaveLength(8);
    expect(new Set(history.body.entries.map((e) => e.version)).size).toBe(8);
    expect(history.body.entries.map((e) => e.value).sort()).toEqual(answers.map((_, i) => `v${i}`).sort());
  });
});

describe("permissions (spec point 6)", () => {
  it("reviewers edit strings but cannot manage keys; outsiders get 404", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api());
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    const outsider = await signInAs(await buildUser(api().app));
    const key = await call(owner, contract.keys.create, {
      params: { projectId },
      body: { key: "k", sourceValue: "K" },
    });
    const keyId = key.body.id;
    const cell = { keyId, lang: "de" };

    const saved = await call(reviewer, contract.strings.save, { params: cell, body: { value: "K-de" } });
    expect(saved.status).toBe(200);
    expect((await call(reviewer, contract.keys.list, { params: { projectId }, query: {} })).status).toBe(200);
    const created = await fail(reviewer, contract.keys.create, {
      params: { projectId },
      body: { key: "new" },
    });
    expect(created.status).toBe(403);
    expect(
      (await fail(reviewer, contract.keys.update, { params: { keyId }, body: { key: "x" } })).status,
    ).toBe(403);
    expect((await fail(reviewer, contract.keys.remove, { params: { keyId } })).status).toBe(403);

    const outsiderCalls = {
      list: () => fail(outsider, contract.keys.list, { params: { projectId } }),
      create: () => fail(outsider, contract.keys.create, { params: { projectId }, body: { key: "x" } }),
      update: () => fail(outsider, contract.keys.update, { params: { keyId }, body: { key: "x" } }),
      remove: () => fail(outsider, contract.keys.remove, { params: { keyId } }),
      save: () => fail(outsider, contract.strings.save, { params: cell, body: { value: "x" } }),
      history: () => fail(outsider, contract.strings.history, { params: cell }),
    };
    for (const [name, send] of Object.entries(outsiderCalls)) {
      expect((await send()).status, name).toBe(404);
    }
    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(list.body.keys).toMatchObject([
      { key: "k", strings: { en: { value: "K" }, de: { value: "K-de" } } },
    ]);
  });
});
