import { afterAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { CreateGlossaryTermBody } from "../../src/shared/schemas/glossary.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { pngBytes } from "../helpers/images.ts";
import { contentText, imagesOf, itemsOf, startOpenAIServer } from "../helpers/openai-server.ts";

/**
 * Issue 21: every AI call is given the glossary terms its source contains and the key's screenshot,
 * and its answer is held to the glossary: one retry told what was wrong, then kept (its stored
 * check shows it). The official openai client against an OpenAI-compatible server on loopback.
 */
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

/** A real 2×1 PNG in an ArrayBuffer of its own (a Buffer may be a view into Node's shared pool). */
function tinyPng(): Uint8Array<ArrayBuffer> {
  const png = pngBytes(2, 1);
  const bytes = new Uint8Array(new ArrayBuffer(png.length));
  bytes.set(png);
  return bytes;
}

async function addTerm(owner: ApiClient, teamId: string, body: CreateGlossaryTermBody) {
  const answer = await call(owner, contract.glossary.create, { params: { teamId }, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** An AI translation of the key into German, saved. */
const translate = (owner: ApiClient, keyId: string) =>
  call(owner, contract.ai.translate, { params: { keyId, lang: "de" }, body: {} });

const uploadScreenshot = (owner: ApiClient, keyId: string, file: File) =>
  call(owner, contract.screenshots.upload, { params: { keyId }, body: { file } });

describe("the AI is given the glossary and the screenshot", () => {
  it("sends the terms of the source text and retries once an answer that misses one", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    await addTerm(owner, teamId, { term: "workspace", translations: { de: "Arbeitsbereich" } });
    await addTerm(owner, teamId, { term: "Sprog", doNotTranslate: true });
    await addTerm(owner, teamId, { term: "unrelated", translations: { de: "egal" } });
    const keyId = await buildKey(owner, projectId, "title", { source: "Open your Sprog workspace" });
    ai.requests.length = 0;
    ai.script.push({ content: JSON.stringify({ translation: "Öffne deinen Sprog-Raum" }) });
    ai.script.push({ content: JSON.stringify({ translation: "Öffne deinen Sprog Arbeitsbereich" }) });

    const answer = await translate(owner, keyId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.cell.value).toBe("Öffne deinen Sprog Arbeitsbereich");
    expect(ai.requests).toHaveLength(2);
    const first = contentText(ai.requests[0]?.messages.find((m) => m.role === "user")?.content);
    expect(first).toContain('"workspace" → use "Arbeitsbereich"');
    expect(first).toContain('"Sprog" → do not translate');
    expect(first).not.toContain("unrelated");
    const retry = contentText(ai.requests[1]?.messages.find((m) => m.role === "user")?.content);
    expect(retry).toContain("Your previous answer was wrong:");
    expect(retry).toContain("Arbeitsbereich");
  });

  it("keeps an answer that still misses a term after the retry; its stored check shows it", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    await addTerm(owner, teamId, { term: "workspace", translations: { de: "Arbeitsbereich" } });
    const keyId = await buildKey(owner, projectId, "title", { source: "Your workspace" });
    ai.requests.length = 0;
    for (let i = 0; i < 2; i++) ai.script.push({ content: JSON.stringify({ translation: "Dein Raum" }) });
    const answer = await translate(owner, keyId);
    expect(answer.status).toBe(200);
    expect(ai.requests).toHaveLength(2);
    const listed = await call(owner, contract.keys.list, {
      params: { projectId },
      query: { lang: "de", check: "glossary_missing" },
    });
    expect(listed.body.keys.map((k) => k.key)).toEqual(["title"]);
  });

  it("gives a batch each item's terms and the screenshots, attached once each", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    await addTerm(owner, teamId, { term: "workspace", translations: { de: "Arbeitsbereich" } });
    const a = await buildKey(owner, projectId, "a", { source: "New workspace" });
    await buildKey(owner, projectId, "b", { source: "Delete" });
    const uploaded = await uploadScreenshot(owner, a, new File([tinyPng()], "settings.png"));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    ai.requests.length = 0;

    const started = await call(owner, contract.batch.start, {
      params: { projectId },
      body: { language: "de" },
    });
    expect(started.status).toBe(201);
    for (let i = 0; i < 100; i++) {
      const job = await call(owner, contract.batch.get, { params: { batchId: started.body.id } });
      if (job.body.status === "completed") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const batch = ai.requests.find((r) => itemsOf(r) !== undefined);
    expect(batch).toBeDefined();
    if (!batch) return;
    const items = itemsOf(batch) ?? [];
    expect(items.find((i) => i.text === "New workspace")?.glossary).toEqual([
      '- "workspace" → use "Arbeitsbereich"',
    ]);
    expect(items.find((i) => i.text === "Delete")?.glossary).toBeUndefined();
    const images = imagesOf(batch);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it("sends the key's screenshot with a single translation", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await buildKey(owner, projectId, "cta", { source: "Continue" });
    expect((await uploadScreenshot(owner, keyId, new File([tinyPng()], "checkout.png"))).status).toBe(201);
    ai.requests.length = 0;
    const answer = await translate(owner, keyId);
    expect(answer.status).toBe(200);
    const request = ai.requests[0];
    expect(request && imagesOf(request)).toHaveLength(1);
    expect(contentText(request?.messages.find((m) => m.role === "user")?.content)).toContain(
      "A screenshot (2 × 1) shows where the text appears",
    );
  });
});
