import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { PUBLIC_API_DOCUMENT_PATH, v1Contract } from "../../src/shared/contract/v1.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";
import { createScopedKey, projectWithTwoKeys, pushWithKey } from "../helpers/key-requests.ts";
import { createReview } from "../helpers/reviews.ts";
import { createApiKey as createKey, keyClient } from "../helpers/transfer.ts";

// GET /api/v1/status and /api/v1/keys (issue 20): what `sprog status` and `sprog check` read.
const api = apiAppForThisFile();
const projectWithStrings = () => projectWithTwoKeys(api());

describe("status and key names for the CLI", () => {
  it("answers each language's keys, translated, missing, unverified and approved", async () => {
    const { owner, projectId, key, greetingId, saveId } = await projectWithStrings();
    const extraId = await buildKey(owner, projectId, "extra", { source: "Extra" });
    const db = api().db;
    // Machine output no person has checked: an AI text and a pseudo-localized one.
    await db
      .updateTable("translation_strings")
      .set({ machine: "ai" })
      .where("key_id", "=", greetingId)
      .where("language_code", "=", "de")
      .execute();
    await db
      .insertInto("translation_strings")
      .values({
        key_id: extraId,
        project_id: projectId,
        language_code: "de",
        value: "[Ëxtra]",
        machine: "pseudo",
      })
      .execute();
    const review = await createReview(owner, projectId, { title: "Check", keyIds: [greetingId, saveId] });
    const approve = (keyId: string, language: string) =>
      call(owner, contract.reviews.setApproval, {
        params: { reviewId: review.id },
        body: { keyId, language, state: "approved" },
      });
    expect((await approve(saveId, "de")).status).toBe(200);
    expect((await approve(greetingId, "en")).status).toBe(200);
    // A verdict on a text that changed since no longer counts.
    await saveString(owner, greetingId, "en", "Hi {name}");

    const answer = await call(keyClient(api().app.url, key.key), v1Contract.status, { query: {} });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      project: { id: projectId, name: expect.any(String), sourceLanguage: "en" },
      languages: [
        { code: "en", keys: 3, translated: 3, missing: 0, unverified: 0, approved: 0 },
        { code: "de", keys: 3, translated: 2, missing: 0, unverified: 2, approved: 1 },
      ],
      // Every key in the language's one file.
      namespaces: [],
    });
  });

  it("answers every key name in name order, across pages", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const key = await createScopedKey(owner, projectId, ["pull", "push"]);
    const names = Array.from({ length: 5003 }, (_, i) => `k.${String(i).padStart(5, "0")}`);
    const file = JSON.stringify(Object.fromEntries(names.map((name) => [name, name])));
    expect((await pushWithKey(api().app.url, key.key, { name: "en.json", bytes: file })).status).toBe(200);
    const answer = await call(keyClient(api().app.url, key.key), v1Contract.keyNames, { query: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.body).toEqual({ keys: names });

    const empty = await ownerWithProject(api(), []);
    const emptyKey = await createKey(empty.owner, empty.projectId);
    expect(
      (await call(keyClient(api().app.url, emptyKey.key), v1Contract.keyNames, { query: {} })).body,
    ).toEqual({
      keys: [],
    });
  });

  it("needs a key with the pull scope for both", async () => {
    const { owner, projectId, key } = await projectWithStrings();
    const pushOnly = await createScopedKey(owner, projectId, ["push"]);
    for (const endpoint of [v1Contract.status, v1Contract.keyNames]) {
      expect((await fail(keyClient(api().app.url), endpoint, undefined)).status).toBe(401);
      const forbidden = await fail(keyClient(api().app.url, pushOnly.key), endpoint, undefined);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual({
        error: {
          code: "forbidden",
          message: "This API key may not pull: give it the pull scope in Project Settings → API Access",
        },
      });
    }
    await call(owner, contract.apiKeys.revoke, { params: { id: key.id } });
    expect((await fail(keyClient(api().app.url, key.key), v1Contract.status, { query: {} })).status).toBe(
      401,
    );
    const doc = (await (await fetch(`${api().app.url}/api${PUBLIC_API_DOCUMENT_PATH}`)).json()) as {
      paths: Record<string, { get?: unknown }>;
    };
    expect(doc.paths["/v1/status"]?.get).toBeTruthy();
    expect(doc.paths["/v1/keys"]?.get).toBeTruthy();
  });
});
