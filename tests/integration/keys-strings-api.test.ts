import { describe, expect, it } from "vitest";
import type { HistoryEntry, KeyRow, SavedString, StringConflict } from "../../src/shared/schemas/keys.ts";
import { addMember, apiAppForThisFile, ownerWithProject, uniqueEmail } from "../helpers/api-app.ts";

const api = apiAppForThisFile();

describe("keys", () => {
  it("adds a key with an optional source string; names are unique per project", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const withSource = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "home.title", sourceValue: "Welcome\n\n" },
    });
    expect(withSource.status).toBe(201);
    expect(withSource.body).toMatchObject({
      key: "home.title",
      strings: { en: { value: "Welcome", version: 1 } },
    });
    const bare = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "home.empty" },
    });
    expect(bare.body.strings).toEqual({});

    const duplicate = await owner.request("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "home.title" },
    });
    expect(duplicate).toMatchObject({
      status: 409,
      body: { error: { code: "conflict", message: "A key with this name already exists in this project" } },
    });
    const list = await owner.request<{ keys: KeyRow[] }>("GET", `/api/projects/${projectId}/keys`);
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
      const answer = await owner.request("POST", `/api/projects/${projectId}/keys`, { body });
      expect(answer, message).toMatchObject({ status: 400, body: { error: { message } } });
    }
    const list = await owner.request<{ keys: KeyRow[] }>("GET", `/api/projects/${projectId}/keys`);
    expect(list.body.keys).toEqual([]);
  });

  it("renames in place (a taken name is a 409) and deletes", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const a = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "a", sourceValue: "A" },
    });
    await owner.request("POST", `/api/projects/${projectId}/keys`, { body: { key: "b" } });
    const renamed = await owner.request<KeyRow>("PATCH", `/api/keys/${a.body.id}`, {
      body: { key: "a.renamed" },
    });
    expect(renamed.body).toMatchObject({ id: a.body.id, key: "a.renamed", strings: { en: { value: "A" } } });
    const taken = await owner.request("PATCH", `/api/keys/${a.body.id}`, { body: { key: "b" } });
    expect(taken).toMatchObject({
      status: 409,
      body: { error: { message: "A key with this name already exists in this project" } },
    });
    expect((await owner.request("DELETE", `/api/keys/${a.body.id}`)).status).toBe(204);
    const list = await owner.request<{ keys: KeyRow[] }>("GET", `/api/projects/${projectId}/keys`);
    expect(list.body.keys.map((k) => k.key)).toEqual(["b"]);
  });

  it("lists only the requested languages", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k", sourceValue: "K" },
    });
    await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: "K-de" } });
    await owner.request("PUT", `/api/keys/${key.body.id}/strings/fr`, { body: { value: "K-fr" } });
    const list = await owner.request<{ keys: KeyRow[] }>(
      "GET",
      `/api/projects/${projectId}/keys?languages=en,fr`,
    );
    expect(Object.keys(list.body.keys[0]?.strings ?? {}).sort()).toEqual(["en", "fr"]);
  });
});

describe("paging", () => {
  it("pages through keys in byte order: every key once, `next` null at the end", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const names = ["b", "a", "Z", "a.b", "a_b", "ä", "10", "9", "B"];
    for (const key of names)
      await owner.request("POST", `/api/projects/${projectId}/keys`, { body: { key, sourceValue: key } });
    const seen: string[] = [];
    let after: string | null | undefined;
    for (let page = 0; page < 10; page++) {
      const query = after === undefined ? "limit=4" : `limit=4&after=${encodeURIComponent(after ?? "")}`;
      const answer = await owner.request<{ keys: KeyRow[]; next: string | null }>(
        "GET",
        `/api/projects/${projectId}/keys?${query}`,
      );
      expect(answer.status).toBe(200);
      seen.push(...answer.body.keys.map((k) => k.key));
      after = answer.body.next;
      if (after === null) break;
    }
    const byteOrder = [...names].sort((x, y) => (Buffer.from(x) < Buffer.from(y) ? -1 : 1));
    expect(seen).toEqual(byteOrder);
    const all = await owner.request<{ keys: KeyRow[]; next: string | null }>(
      "GET",
      `/api/projects/${projectId}/keys`,
    );
    expect(all.body.keys.map((k) => k.key)).toEqual(byteOrder);
    expect(all.body.next).toBeNull();
  });

  it("refuses a bad page size", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    for (const limit of ["0", "5001", "many"]) {
      const answer = await owner.request("GET", `/api/projects/${projectId}/keys?limit=${limit}`);
      expect(answer.status, limit).toBe(400);
    }
  });
});

describe("strings", () => {
  it("saves, strips trailing newlines, keeps HTML as text, and counts versions", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k" },
    });
    const first = await owner.request<SavedString>("PUT", `/api/keys/${key.body.id}/strings/de`, {
      body: { value: "<b>Hallo</b> {name}\n\r\n" },
    });
    expect(first.body).toMatchObject({
      keyId: key.body.id,
      language: "de",
      cell: { value: "<b>Hallo</b> {name}", version: 1 },
    });
    const second = await owner.request<SavedString>("PUT", `/api/keys/${key.body.id}/strings/de`, {
      body: { value: "Servus {name}", baseVersion: 1 },
    });
    expect(second.body.cell).toMatchObject({ value: "Servus {name}", version: 2 });
    const same = await owner.request<SavedString>("PUT", `/api/keys/${key.body.id}/strings/de`, {
      body: { value: "Servus {name}", baseVersion: 2 },
    });
    expect(same.body.cell.version).toBe(2);
  });

  it("refuses a language the project does not have", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k" },
    });
    const answer = await owner.request("PUT", `/api/keys/${key.body.id}/strings/ja`, {
      body: { value: "x" },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { message: "Japanese is not a language of this project" } },
    });
  });

  it("keeps every value in history and restores an older one", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k" },
    });
    const path = `/api/keys/${key.body.id}/strings/de`;
    await owner.request("PUT", path, { body: { value: "one" } });
    await owner.request("PUT", path, { body: { value: "two", baseVersion: 1 } });
    await owner.request("PUT", path, { body: { value: "three", baseVersion: 2 } });
    const history = await owner.request<{ entries: HistoryEntry[] }>("GET", `${path}/history`);
    expect(history.body.entries.map((e) => [e.value, e.version, e.origin])).toEqual([
      ["three", 3, "person"],
      ["two", 2, "person"],
      ["one", 1, "person"],
    ]);
    expect(history.body.entries[0]?.by).toMatch(/@example\.com$/);

    const one = history.body.entries.find((e) => e.value === "one");
    const restored = await owner.request<SavedString>("POST", `${path}/restore`, {
      body: { historyId: one?.id },
    });
    expect(restored.body.cell).toMatchObject({ value: "one", version: 4 });
    const after = await owner.request<{ entries: HistoryEntry[] }>("GET", `${path}/history`);
    expect(after.body.entries[0]).toMatchObject({ value: "one", version: 4, origin: "restore" });
    expect(after.body.entries).toHaveLength(4);

    const foreign = await owner.request("POST", `${path}/restore`, { body: { historyId: 999999 } });
    expect(foreign.status).toBe(404);
  });

  it("concurrent edits: the second writer gets a clear conflict, may overwrite, and nothing is lost", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api());
    const otherEmail = uniqueEmail("colleague");
    const colleague = await api().signIn(otherEmail);
    await addMember(api().db, teamId, otherEmail, "reviewer");
    await colleague.request("PUT", "/api/profile", { body: { firstName: "Grace", lastName: "Hopper" } });

    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k" },
    });
    const path = `/api/keys/${key.body.id}/strings/de`;
    await owner.request("PUT", path, { body: { value: "base" } });

    // Both open the cell at version 1; the colleague saves first.
    expect((await colleague.request("PUT", path, { body: { value: "theirs", baseVersion: 1 } })).status).toBe(
      200,
    );
    const mine = await owner.request<StringConflict>("PUT", path, {
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

    const forced = await owner.request<SavedString>("PUT", path, {
      body: { value: "mine", baseVersion: 1, force: true },
    });
    expect(forced.body.cell).toMatchObject({ value: "mine", version: 3 });
    const history = await owner.request<{ entries: HistoryEntry[] }>("GET", `${path}/history`);
    expect(history.body.entries.map((e) => e.value)).toEqual(["mine", "theirs", "base"]);
  });

  it("many simultaneous saves of one cell: every accepted value is in history, versions never repeat", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k" },
    });
    const path = `/api/keys/${key.body.id}/strings/de`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        owner.request<SavedString>("PUT", path, { body: { value: `v${i}`, force: true } }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const history = await owner.request<{ entries: HistoryEntry[] }>("GET", `${path}/history`);
    expect(history.body.entries).toHaveLength(8);
    expect(new Set(history.body.entries.map((e) => e.version)).size).toBe(8);
    expect(history.body.entries.map((e) => e.value).sort()).toEqual(answers.map((_, i) => `v${i}`).sort());
  });
});

describe("permissions (spec point 6)", () => {
  it("reviewers edit strings but cannot manage keys; outsiders get 404", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api());
    const reviewerEmail = uniqueEmail("reviewer");
    const reviewer = await api().signIn(reviewerEmail);
    const outsider = await api().signIn(uniqueEmail("outsider"));
    await addMember(api().db, teamId, reviewerEmail, "reviewer");
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k", sourceValue: "K" },
    });

    expect(
      (await reviewer.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: "K-de" } }))
        .status,
    ).toBe(200);
    expect((await reviewer.request("GET", `/api/projects/${projectId}/keys`)).status).toBe(200);
    expect(
      (await reviewer.request("POST", `/api/projects/${projectId}/keys`, { body: { key: "new" } })).status,
    ).toBe(403);
    expect((await reviewer.request("PATCH", `/api/keys/${key.body.id}`, { body: { key: "x" } })).status).toBe(
      403,
    );
    expect((await reviewer.request("DELETE", `/api/keys/${key.body.id}`)).status).toBe(403);

    for (const [method, path, body] of [
      ["GET", `/api/projects/${projectId}/keys`, undefined],
      ["POST", `/api/projects/${projectId}/keys`, { key: "x" }],
      ["PATCH", `/api/keys/${key.body.id}`, { key: "x" }],
      ["DELETE", `/api/keys/${key.body.id}`, undefined],
      ["PUT", `/api/keys/${key.body.id}/strings/de`, { value: "x" }],
      ["GET", `/api/keys/${key.body.id}/strings/de/history`, undefined],
    ] as const) {
      expect((await outsider.request(method, path, { body })).status, `${method} ${path}`).toBe(404);
    }
    const list = await owner.request<{ keys: KeyRow[] }>("GET", `/api/projects/${projectId}/keys`);
    expect(list.body.keys).toMatchObject([
      { key: "k", strings: { en: { value: "K" }, de: { value: "K-de" } } },
    ]);
  });
});
