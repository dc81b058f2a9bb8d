import { afterAll, describe, expect, it } from "vitest";
import { ASSIST_INSTRUCTIONS } from "../../src/server/ai/assist-prompt.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { ASSIST_ACTIONS } from "../../src/shared/schemas/assist.ts";
import { DEFAULT_TONE } from "../../src/shared/schemas/tone.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, buildUser, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";
import { type ChatRequest, contentText, startOpenAIServer, textOf } from "../helpers/openai-server.ts";

// The writing assistant through the official openai client against a loopback server.
let ai: Awaited<ReturnType<typeof startOpenAIServer>>;
const api = apiAppForThisFile({
  env: async () => {
    ai = await startOpenAIServer();
    return { AI_BASE_URL: ai.url, AI_API_KEY: "test-key", AI_MODEL: "gpt-4o-mini" };
  },
});
afterAll(async () => {
  await ai?.close();
});

const system = (request: ChatRequest | undefined) =>
  contentText(request?.messages.find((m) => m.role === "system")?.content);
const user = (request: ChatRequest | undefined) =>
  contentText(request?.messages.find((m) => m.role === "user")?.content);

async function keyWithSource(sourceValue: string) {
  const setup = await ownerWithProject(api(), ["de"]);
  const keyId = await buildKey(setup.owner, setup.projectId, "inbox.summary", { source: sourceValue });
  return { ...setup, keyId, source: { keyId, lang: "en" } };
}

async function historyCount(keyId: string): Promise<number> {
  const row = await api()
    .db.selectFrom("string_history")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("key_id", "=", keyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("the writing assistant", () => {
  it("sends each action's instruction with the team's context, tone, rules, key and placeholders", async () => {
    const { owner, teamId, source } = await keyWithSource("You have {count} new messages, %1$s");
    await api()
      .db.updateTable("teams")
      .set({ tov_product_context: "A mail app for nurses", tov_tone: "Warm and brief" })
      .where("id", "=", teamId)
      .execute();
    const section = await call(owner, contract.tone.createSection, {
      params: { teamId },
      body: { title: "Words", description: "", rules: ["Say 'inbox', never 'mailbox'"] },
    });
    expect(section.status).toBe(201);

    for (const action of ASSIST_ACTIONS) {
      ai.requests.length = 0;
      const answer = await call(owner, contract.assist.assist, { params: source, body: { action } });
      expect(answer.status, action).toBe(200);
      expect(answer.body).toEqual({
        action,
        original: "You have {count} new messages, %1$s",
        suggestion: "EDITED: You have {count} new messages, %1$s",
      });
      expect(ai.requests).toHaveLength(1);
      const request = ai.requests[0];
      expect(request).toMatchObject({ model: "gpt-4o-mini", temperature: 0 });
      expect(system(request)).toMatch(/^You edit/);
      expect(system(request)).toContain("Product context: A mail app for nurses");
      expect(system(request)).toContain("Brand tone: Warm and brief");
      expect(system(request)).toContain("- Words: Say 'inbox', never 'mailbox'");
      expect(system(request)).toContain("English (en)");
      expect(user(request).startsWith(ASSIST_INSTRUCTIONS[action])).toBe(true);
      expect(user(request)).toContain("Key: inbox.summary");
      expect(user(request)).toContain("Placeholders to keep: {count} %1$s");
      expect(request && textOf(request)).toBe("You have {count} new messages, %1$s");
    }
  });

  it("uses the spec's default tone when the team has none", async () => {
    const { owner, source } = await keyWithSource("Save");
    ai.requests.length = 0;
    await call(owner, contract.assist.assist, { params: source, body: { action: "match_tone" } });
    expect(system(ai.requests[0])).toContain("Product context: No product context");
    expect(system(ai.requests[0])).toContain(`Brand tone: ${DEFAULT_TONE}`);
    expect(user(ai.requests[0])).toContain("Placeholders to keep: (none)");
  });

  it("works on the editor's unsaved draft when one is sent", async () => {
    const { owner, source } = await keyWithSource("Saved text");
    ai.requests.length = 0;
    const answer = await call(owner, contract.assist.assist, {
      params: source,
      body: { action: "shorten", text: "My unsaved {draft}" },
    });
    expect(answer.body).toEqual({
      action: "shorten",
      original: "My unsaved {draft}",
      suggestion: "EDITED: My unsaved {draft}",
    });
    expect(ai.requests[0] && textOf(ai.requests[0])).toBe("My unsaved {draft}");
    expect(user(ai.requests[0])).toContain("Placeholders to keep: {draft}");
  });

  it("retries an answer that broke placeholders, telling the model what was wrong", async () => {
    const { owner, source } = await keyWithSource("Hello {name}");
    ai.requests.length = 0;
    ai.script.push({ content: JSON.stringify({ suggestion: "Hi there" }) });
    ai.script.push({ content: JSON.stringify({ suggestion: "Hi {name}" }) });
    const answer = await call(owner, contract.assist.assist, {
      params: source,
      body: { action: "rephrase" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.suggestion).toBe("Hi {name}");
    expect(ai.requests).toHaveLength(2);
    expect(user(ai.requests[1])).toContain("Your previous answer was wrong: it dropped {name}");
  });

  it("refuses an answer that keeps breaking placeholders with 502", async () => {
    const { owner, source } = await keyWithSource("Hello {name}");
    ai.requests.length = 0;
    for (let i = 0; i < 3; i++) ai.script.push({ content: JSON.stringify({ suggestion: "Hi {user}" }) });
    const answer = await fail(owner, contract.assist.assist, { params: source, body: { action: "shorten" } });
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      error: {
        code: "upstream_failed",
        message:
          "Failed to shorten the text: the AI answer kept breaking placeholders (it dropped {name}; it invented {user})",
      },
    });
    expect(ai.requests).toHaveLength(3);
  });

  it("reports an unparsable AI answer", async () => {
    const { owner, source } = await keyWithSource("Save");
    ai.script.push({ content: "Sure! Here you go: Store" });
    const answer = await fail(owner, contract.assist.assist, {
      params: source,
      body: { action: "rephrase" },
    });
    expect(answer).toMatchObject({ status: 502, body: { error: { code: "upstream_failed" } } });
  });

  it("works on the source language only, needs text and a known action", async () => {
    const { owner, keyId, projectId, source } = await keyWithSource("Save");
    const target = await fail(owner, contract.assist.assist, {
      params: { keyId, lang: "de" },
      body: { action: "shorten" },
    });
    expect(target).toMatchObject({
      status: 400,
      body: {
        error: {
          code: "validation_failed",
          message: "The writing assistant works on the source language (English) only",
        },
      },
    });
    const foreign = await fail(owner, contract.assist.assist, {
      params: { keyId, lang: "ja" },
      body: { action: "shorten" },
    });
    expect(foreign).toMatchObject({
      status: 400,
      body: { error: { message: "Japanese is not a language of this project" } },
    });
    const blankDraft = await fail(owner, contract.assist.assist, {
      params: source,
      body: { action: "expand", text: "  " },
    });
    expect(blankDraft).toMatchObject({
      status: 400,
      body: { error: { message: "Empty text provided for the writing assistant" } },
    });
    const bare = await buildKey(owner, projectId, "bare");
    const noSource = await fail(owner, contract.assist.assist, {
      params: { keyId: bare, lang: "en" },
      body: { action: "expand" },
    });
    expect(noSource).toMatchObject({
      status: 400,
      body: { error: { message: "Empty text provided for the writing assistant" } },
    });
    const unknown = await fail(owner, contract.assist.assist, {
      params: source,
      body: { action: "translate" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^Unknown writing-assistant action/);
  });

  it("saves nothing: no new version, no history row", async () => {
    const { owner, projectId, keyId, source } = await keyWithSource("Keep {me}");
    const before = await historyCount(keyId);
    const answer = await call(owner, contract.assist.assist, { params: source, body: { action: "expand" } });
    expect(answer.status).toBe(200);
    const drafted = await call(owner, contract.assist.assist, {
      params: source,
      body: { action: "fix_grammar", text: "draft {me}" },
    });
    expect(drafted.status).toBe(200);
    expect(await historyCount(keyId)).toBe(before);
    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(list.body.keys[0]?.strings.en).toMatchObject({ value: "Keep {me}", version: 1 });
  });

  it("reviewers may use it; outsiders get 404; signed-out 401", async () => {
    const { teamId, source } = await keyWithSource("Save");
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    const outsider = await signInAs(await buildUser(api().app));
    const rephrase = { params: source, body: { action: "rephrase" as const } };
    const asReviewer = await call(reviewer, contract.assist.assist, rephrase);
    expect(asReviewer.status).toBe(200);
    expect(asReviewer.body.suggestion).toBe("EDITED: Save");
    const asOutsider = await fail(outsider, contract.assist.assist, rephrase);
    expect(asOutsider).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
    const signedOut = await fail(api().client(), contract.assist.assist, rephrase);
    expect(signedOut.status).toBe(401);
  });
});
