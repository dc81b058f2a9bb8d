import { describe, expect, it } from "vitest";
import type { ProjectKeyNames, ProjectStatus } from "../../src/shared/schemas/push.ts";
import { apiAppForThisFile, ownerWithProject } from "../helpers/api-app.ts";
import { createScopedKey, getWithKey, projectWithTwoKeys, pushWithKey } from "../helpers/key-requests.ts";
import { createReview, saveString, setApproval } from "../helpers/reviews.ts";
import { createApiKey as createKey } from "../helpers/transfer.ts";

// GET /api/v1/status and /api/v1/keys (issue 20): what `sprog status` and `sprog check` read.
const api = apiAppForThisFile();
const projectWithStrings = () => projectWithTwoKeys(api());

describe("status and key names for the CLI", () => {
  it("answers each language's keys, translated, missing, unverified and approved", async () => {
    const { owner, projectId, key, greetingId, saveId } = await projectWithStrings();
    const extra = await owner.request<{ id: string }>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "extra", sourceValue: "Extra" },
    });
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
        key_id: extra.body.id,
        project_id: projectId,
        language_code: "de",
        value: "[Ëxtra]",
        machine: "pseudo",
      })
      .execute();
    const review = await createReview(owner, projectId, { title: "Check", keyIds: [greetingId, saveId] });
    expect(
      (await setApproval(owner, review.id, { keyId: saveId, language: "de", state: "approved" })).status,
    ).toBe(200);
    expect(
      (await setApproval(owner, review.id, { keyId: greetingId, language: "en", state: "approved" })).status,
    ).toBe(200);
    // A verdict on a text that changed since no longer counts.
    await saveString(owner, greetingId, "en", "Hi {name}");

    const answer = await getWithKey(api().app.url, "/api/v1/status", key.key);
    expect(answer.status).toBe(200);
    expect(answer.json<ProjectStatus>()).toEqual({
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
    const answer = await getWithKey(api().app.url, "/api/v1/keys", key.key);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.json<ProjectKeyNames>()).toEqual({ keys: names });

    const empty = await ownerWithProject(api(), []);
    const emptyKey = await createKey(empty.owner, empty.projectId);
    expect((await getWithKey(api().app.url, "/api/v1/keys", emptyKey.key)).json()).toEqual({ keys: [] });
  });

  it("needs a key with the pull scope for both", async () => {
    const { owner, projectId, key } = await projectWithStrings();
    const pushOnly = await createScopedKey(owner, projectId, ["push"]);
    for (const path of ["/api/v1/status", "/api/v1/keys"]) {
      expect((await getWithKey(api().app.url, path)).status).toBe(401);
      const forbidden = await getWithKey(api().app.url, path, pushOnly.key);
      expect(forbidden.status).toBe(403);
      expect(forbidden.json()).toEqual({
        error: {
          code: "forbidden",
          message: "This API key may not pull: give it the pull scope in Project Settings → API Access",
        },
      });
    }
    await owner.request("DELETE", `/api/api-keys/${key.id}`);
    expect((await getWithKey(api().app.url, "/api/v1/status", key.key)).status).toBe(401);
    const doc = (await (await fetch(`${api().app.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { get?: unknown }>;
    };
    expect(doc.paths["/v1/status"]?.get).toBeTruthy();
    expect(doc.paths["/v1/keys"]?.get).toBeTruthy();
  });
});
