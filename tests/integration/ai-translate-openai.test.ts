import { afterAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { DEFAULT_TONE } from "../../src/shared/schemas/tone.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { contentText, startOpenAIServer, textOf } from "../helpers/openai-server.ts";

// The official openai client against an OpenAI-compatible server on loopback.
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

async function keyWithSource(sourceValue: string) {
  const setup = await ownerWithProject(api(), ["de", "fr"]);
  const keyId = await buildKey(setup.owner, setup.projectId, "inbox.summary", { source: sourceValue });
  return { ...setup, keyId, german: { params: { keyId, lang: "de" }, body: {} } };
}

describe("AI translation through an OpenAI-compatible API", () => {
  it("sends the team's context, tone, the key, the text, other translations and the placeholders", async () => {
    const { owner, teamId, keyId, german } = await keyWithSource("You have {count} new messages");
    await api()
      .db.updateTable("teams")
      .set({ tov_product_context: "A mail app for nurses", tov_tone: "Warm and brief" })
      .where("id", "=", teamId)
      .execute();
    await call(owner, contract.strings.save, {
      params: { keyId, lang: "fr" },
      body: { value: "Vous avez {count} nouveaux messages" },
    });
    const section = await call(owner, contract.tone.createSection, {
      params: { teamId },
      body: { title: "Words", description: "", rules: ["Say 'inbox', never 'mailbox'"] },
    });
    expect(section.status).toBe(201);
    ai.requests.length = 0;

    const answer = await call(owner, contract.ai.translate, german);
    expect(answer.status).toBe(200);
    expect(answer.body.cell.value).toBe("DE: You have {count} new messages");
    const request = ai.requests[0];
    expect(request).toMatchObject({
      model: "gpt-4o-mini",
      temperature: 0,
      response_format: { type: "json_object" },
    });
    const system = contentText(request?.messages.find((m) => m.role === "system")?.content);
    const user = contentText(request?.messages.find((m) => m.role === "user")?.content);
    expect(system).toContain("A mail app for nurses");
    expect(system).toContain("Warm and brief");
    expect(system).toContain("- Words: Say 'inbox', never 'mailbox'");
    expect(user).toContain("Key: inbox.summary");
    expect(user).toContain("Placeholders to keep: {count}");
    expect(user).toContain("fr: Vous avez {count} nouveaux messages");
    expect(user).toContain("to German (de)");
    expect(request && textOf(request)).toBe("You have {count} new messages");
  });

  it("uses the spec's defaults when the team has no tone, and the model asked for", async () => {
    const { owner, keyId } = await keyWithSource("Save");
    ai.requests.length = 0;
    await call(owner, contract.ai.translate, { params: { keyId, lang: "de" }, body: { model: "gpt-4o" } });
    const system = contentText(ai.requests[0]?.messages.find((m) => m.role === "system")?.content);
    expect(system).toContain("Product context: No product context");
    expect(system).toContain(`Brand tone: ${DEFAULT_TONE}`);
    expect(ai.requests[0]?.model).toBe("gpt-4o");
  });

  it("retries an answer that dropped a placeholder, telling the model what was wrong", async () => {
    const { owner, german } = await keyWithSource("Hello {name}");
    ai.requests.length = 0;
    ai.script.push({ content: JSON.stringify({ translation: "Hallo" }) });
    ai.script.push({ content: JSON.stringify({ translation: "Hallo {name}" }) });
    const answer = await call(owner, contract.ai.translate, german);
    expect(answer.body.cell.value).toBe("Hallo {name}");
    expect(ai.requests).toHaveLength(2);
    expect(contentText(ai.requests[1]?.messages.at(-1)?.content)).toContain(
      "Your previous answer was wrong: it dropped {name}",
    );
  });

  it("never saves a translation that keeps breaking placeholders", async () => {
    const { owner, projectId, german } = await keyWithSource("Hello {name}");
    for (let i = 0; i < 3; i++) ai.script.push({ content: JSON.stringify({ translation: "Hallo {user}" }) });
    const answer = await fail(owner, contract.ai.translate, german);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      error: { code: "upstream_failed", message: expect.stringContaining("Failed to translate") },
    });
    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(list.body.keys[0]?.strings.de).toBeUndefined();
  });

  it("reports the point-8 AI errors: failed request, invalid format, unparsable answer", async () => {
    const { owner, german } = await keyWithSource("Save");

    ai.script.push({
      status: 400,
      body: { error: { message: "model overloaded", type: "invalid_request_error" } },
    });
    const failed = await fail(owner, contract.ai.translate, german);
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toMatch(/^API request failed: 400 .*model overloaded/);

    ai.script.push({ body: { id: "x", object: "chat.completion", choices: [] } });
    const invalid = await fail(owner, contract.ai.translate, german);
    expect(invalid.body).toMatchObject({ error: { message: "Invalid response format from AI service" } });

    ai.script.push({ content: "Sure! Here is your translation: Speichern" });
    const unparsable = await fail(owner, contract.ai.translate, german);
    expect(unparsable.body).toMatchObject({ error: { message: "Failed to parse AI translation response" } });
  });

  it("honours 429 Retry-After and then succeeds", async () => {
    const { owner, german } = await keyWithSource("Save");
    ai.requests.length = 0;
    ai.script.push({
      status: 429,
      headers: { "retry-after-ms": "50" },
      body: { error: { message: "slow down" } },
    });
    const answer = await call(owner, contract.ai.translate, german);
    expect(answer.status).toBe(200);
    expect(answer.body.cell.value).toBe("DE: Save");
    expect(ai.requests).toHaveLength(2);
  });
});
