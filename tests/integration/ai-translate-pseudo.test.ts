import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type AiStatus, PSEUDO_NOTICE } from "../../src/shared/schemas/ai.ts";
import type { HistoryEntry, KeyRow, SavedString } from "../../src/shared/schemas/keys.ts";
import { addMember, apiAppForThisFile, ownerWithProject, uniqueEmail } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";

// No AI_API_KEY: the built-in pseudo-localization answers, so every flow works offline.
const api = apiAppForThisFile();

describe("AI translation with the pseudo provider", () => {
  it("says clearly that it is pseudo-localization", async () => {
    expect(PSEUDO_NOTICE).toContain("pseudo-localization");
    expect(PSEUDO_NOTICE).toContain("AI_API_KEY");
    const { owner } = await ownerWithProject(api());
    const status = await owner.request<AiStatus>("GET", "/api/ai/status");
    expect(status.body).toEqual({
      provider: "pseudo",
      model: "pseudo",
      notice: PSEUDO_NOTICE,
    });
  });

  it("translates one cell keeping every placeholder, and records it in history as pseudo-localization", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "greeting", sourceValue: "Hello {name}, you have %1$d new [count] messages" },
    });
    const answer = await owner.request<SavedString>("POST", `/api/keys/${key.body.id}/strings/de/translate`, {
      body: {},
    });
    expect(answer.status).toBe(200);
    const value = answer.body.cell.value;
    expect(value).not.toBe("Hello {name}, you have %1$d new [count] messages");
    for (const placeholder of ["{name}", "%1$d", "[count]"]) expect(value).toContain(placeholder);
    const history = await owner.request<{ entries: HistoryEntry[] }>(
      "GET",
      `/api/keys/${key.body.id}/strings/de/history`,
    );
    // Labelled as what it is (issue 19): never mistaken for an AI translation.
    expect(history.body.entries[0]).toMatchObject({ value, origin: "pseudo" });
    expect(answer.body.cell.machine).toBe("pseudo");
  });

  it("gives the spec's errors for what cannot be translated, and saves nothing", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const bare = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "bare" },
    });
    const noSource = await owner.request("POST", `/api/keys/${bare.body.id}/strings/de/translate`, {
      body: {},
    });
    expect(noSource).toMatchObject({ status: 400, body: { error: { message: "No source text found" } } });

    await owner.request("PUT", `/api/keys/${bare.body.id}/strings/en`, { body: { value: "   " } });
    const empty = await owner.request("POST", `/api/keys/${bare.body.id}/strings/de/translate`, { body: {} });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: { message: "Empty text provided for translation" } },
    });

    const notInProject = await owner.request("POST", `/api/keys/${bare.body.id}/strings/ja/translate`, {
      body: {},
    });
    expect(notInProject.status).toBe(400);
    const unknownModel = await owner.request("POST", `/api/keys/${bare.body.id}/strings/de/translate`, {
      body: { model: "gpt-99" },
    });
    expect(unknownModel).toMatchObject({
      status: 400,
      body: { error: { message: "Unknown model: gpt-99" } },
    });
    const list = await owner.request<{ keys: KeyRow[] }>("GET", `/api/projects/${projectId}/keys`);
    expect(list.body.keys[0]?.strings.de).toBeUndefined();
  });

  it("reviewers may translate strings; outsiders get 404", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api());
    const reviewerEmail = uniqueEmail("reviewer");
    const reviewer = await api().signIn(reviewerEmail);
    await addMember(api().db, teamId, reviewerEmail, "reviewer");
    const outsider = await api().signIn(uniqueEmail("outsider"));
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k", sourceValue: "Save" },
    });
    expect(
      (await reviewer.request("POST", `/api/keys/${key.body.id}/strings/de/translate`, { body: {} })).status,
    ).toBe(200);
    expect(
      (await outsider.request("POST", `/api/keys/${key.body.id}/strings/de/translate`, { body: {} })).status,
    ).toBe(404);
  });

  it("counts each call and its source characters in the team's usage, with no tokens (issue 22)", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "greeting", sourceValue: "Grüße, {name} 👋" },
    });
    for (const language of ["de", "fr"]) {
      await owner.request("POST", `/api/keys/${key.body.id}/strings/${language}/translate`, { body: {} });
    }
    await owner.request("POST", `/api/keys/${key.body.id}/strings/en/assist`, {
      body: { action: "shorten" },
    });
    const usage = await call(owner, contract.usage.team, { params: { teamId } });
    // 15 characters as a person counts them (the emoji is one, not two), sent twice; the assistant adds none.
    expect(usage.body).toMatchObject({
      ai: { calls: 3, inputTokens: 0, outputTokens: 0, characters: 30, tokenLimit: null, tokensLeft: null },
    });
  });
});
