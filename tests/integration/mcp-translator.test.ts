import type { Client } from "@modelcontextprotocol/client";
import type { AnyContractProcedure } from "@orpc/contract";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiKeyScopesOf, v1Contract } from "../../src/shared/contract/v1.ts";
import type { ApiKeyScope } from "../../src/shared/schemas/api-keys.ts";
import type {
  KeyContext,
  KeysToTranslate,
  SetTranslationsAnswer,
} from "../../src/shared/schemas/v1-translator.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { pngBytes } from "../helpers/images.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { callTool, connectAgent, toolNames } from "../helpers/mcp.ts";
import { openEventStream } from "../helpers/sse.ts";
import { keyClient } from "../helpers/transfer.ts";

// The translator's tools (issue 36): a `translate` key lists what a language needs, reads a key's
// context and writes translations that land as unverified AI output, named after the agent.
const api = apiAppForThisFile({ env: async () => ({ PULL_RATE_LIMIT_PER_MINUTE: "100000" }) });

const TRANSLATOR_TOOLS = ["get_key_context", "list_keys_to_translate", "set_translations"];
const { translator } = v1Contract;

/** Every public API procedure that is a tool, by its tool name. */
function toolProcedures(tree: object, found = new Map<string, AnyContractProcedure>()) {
  for (const node of Object.values(tree)) {
    if ("~orpc" in node) {
      const operationId = (node as AnyContractProcedure)["~orpc"].route.operationId;
      if (operationId) found.set(operationId, node as AnyContractProcedure);
    } else toolProcedures(node, found);
  }
  return found;
}

/** An owner's project (en + de) with a translate key, and an agent named claude-code on it. */
async function translatorWorld(languages = ["de"]) {
  const world = await ownerWithProject(api(), languages);
  const { key } = await createScopedKey(world.owner, world.projectId, ["translate"]);
  const agent = await connectAgent(api().app.url, key, { era: "auto", name: "claude-code" });
  const rest = keyClient(api().app.url, key);
  return { ...world, key, agent, rest };
}

async function keyList(owner: ApiClient, projectId: string) {
  const answer = await call(owner, contract.keys.list, {
    params: { projectId },
    query: { languages: "en,de" },
  });
  expect(answer.status).toBe(200);
  return new Map(answer.body.keys.map((key) => [key.key, key]));
}

async function setTranslations(agent: Client, args: Record<string, unknown>) {
  const answer = await callTool<SetTranslationsAnswer>(agent, "set_translations", args);
  if (!answer.ok) throw new Error(`set_translations refused: ${answer.message}`);
  return answer.data;
}

async function listKeys(agent: Client, args: Record<string, unknown>) {
  const answer = await callTool<KeysToTranslate>(agent, "list_keys_to_translate", args);
  if (!answer.ok) throw new Error(`list_keys_to_translate refused: ${answer.message}`);
  return answer.data;
}

describe("the translator's tools", () => {
  it("are a translate key's, with no approve tool and no push tool; a pull key has none of them", async () => {
    const { owner, projectId, agent } = await translatorWorld();
    const names = await toolNames(agent);
    expect(names).toEqual(expect.arrayContaining(TRANSLATOR_TOOLS));
    const procedures = toolProcedures(v1Contract);
    for (const name of names) {
      const scopes: ApiKeyScope[] = apiKeyScopesOf(procedures.get(name) as AnyContractProcedure);
      expect(scopes, name).toContain("translate");
    }
    expect(names.filter((name) => /approve|verdict|push|source/.test(name))).toEqual([]);
    const { tools } = await agent.listTools();
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
    expect(readOnly).toEqual(expect.arrayContaining(["get_key_context", "list_keys_to_translate"]));
    expect(readOnly).not.toContain("set_translations");
    await agent.close();

    const { key: pullKey } = await createScopedKey(owner, projectId, ["pull"]);
    const reader = await connectAgent(api().app.url, pullKey, { era: "auto", name: "claude-code" });
    expect((await toolNames(reader)).filter((name) => TRANSLATOR_TOOLS.includes(name))).toEqual([]);
    await reader.close();
    const refused = await fail(keyClient(api().app.url, pullKey), translator.listKeysToTranslate, {
      query: { language: "de" },
    });
    expect(refused.status).toBe(403);

    // A reviewer reads a key's context before a verdict, and writes no translation.
    const { key: reviewKey } = await createScopedKey(owner, projectId, ["review"]);
    const reviewer = await connectAgent(api().app.url, reviewKey, { era: "auto", name: "claude-code" });
    const reviewerTools = (await toolNames(reviewer)).filter((name) => TRANSLATOR_TOOLS.includes(name));
    expect(reviewerTools).toEqual(["get_key_context"]);
    await reviewer.close();
  });

  it("lists the missing German strings page by page, the same through REST", async () => {
    const { owner, projectId, agent, rest } = await translatorWorld();
    const names = Array.from({ length: 25 }, (_, i) => `screen.item_${String(i).padStart(2, "0")}`);
    for (const name of names) await buildKey(owner, projectId, name, { source: `Item ${name.slice(-2)}` });
    await buildKey(owner, projectId, "screen.done", { source: "Done", strings: { de: "Fertig" } });

    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: KeysToTranslate = await listKeys(agent, {
        language: "de",
        limit: 10,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.total).toBe(25);
      sizes.push(page.keys.length);
      seen.push(...page.keys.map((key) => key.key));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(sizes).toEqual([10, 10, 5]);
    expect(seen).toEqual(names);

    const first = await listKeys(agent, { language: "de", limit: 2 });
    expect(first.keys[0]).toMatchObject({
      key: "screen.item_00",
      source: "Item 00",
      text: null,
      machine: null,
      description: null,
      maxLength: null,
      checks: [],
    });
    const viaRest = await call(rest, translator.listKeysToTranslate, { query: { language: "de", limit: 2 } });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toEqual(first);
    const second = await call(rest, translator.listKeysToTranslate, {
      query: { language: "de", limit: 2, cursor: first.nextCursor ?? "" },
    });
    expect(second.body.keys.map((key) => key.key)).toEqual(["screen.item_02", "screen.item_03"]);

    // Only a target language of the project: the source, or a language it lacks, is a clear 400.
    const source = await callTool(agent, "list_keys_to_translate", { language: "en" });
    expect(source.ok ? "" : source.message).toMatch(/source language.*de/i);
    const other = await fail(rest, translator.listKeysToTranslate, { query: { language: "fr" } });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toMatch(/French is not a language of this project.*de/);
    await agent.close();
  });

  it("writes 20 strings as unverified AI output, named claude-code in History and Activity", async () => {
    const { owner, projectId, teamId, agent } = await translatorWorld();
    const names = Array.from({ length: 22 }, (_, i) => `menu.entry_${String(i).padStart(2, "0")}`);
    for (const name of names) await buildKey(owner, projectId, name, { source: `Entry ${name.slice(-2)}` });
    const written = names.slice(0, 20);

    const answer = await setTranslations(agent, {
      translations: written.map((key) => ({ key, language: "de", text: `Eintrag ${key.slice(-2)}` })),
    });
    expect(answer).toMatchObject({ dryRun: false, written: 20, unchanged: 0, refused: 0, failingChecks: 0 });
    expect(answer.results.every((r) => r.result === "written" && r.version === 1)).toBe(true);

    const keys = await keyList(owner, projectId);
    for (const name of written) {
      expect(keys.get(name)?.strings.de).toMatchObject({ value: `Eintrag ${name.slice(-2)}`, machine: "ai" });
    }
    expect(keys.get("menu.entry_20")?.strings.de).toBeUndefined();
    const facets = await call(owner, contract.keys.facets, { params: { projectId }, query: { lang: "de" } });
    expect(facets.body).toMatchObject({ unverified: 20, missing: 2 });

    const keyId = keys.get("menu.entry_00")?.id ?? "";
    const history = await call(owner, contract.strings.history, { params: { keyId, lang: "de" } });
    expect(history.body.entries[0]).toMatchObject({ origin: "ai", by: null, agent: "claude-code" });

    const activity = await call(owner, contract.activity.list, { params: { teamId }, query: { projectId } });
    const edit = activity.body.entries.find((entry) => entry.kind === "strings.edited");
    expect(edit).toMatchObject({ user: null, count: 20, languages: ["de"] });
    expect(edit?.details.agent).toBe("claude-code");

    // Written again unchanged: nothing new. The rest are what the language still needs.
    const again = await setTranslations(agent, {
      translations: [{ key: "menu.entry_00", language: "de", text: "Eintrag 00" }],
    });
    expect(again.results[0]).toMatchObject({ result: "unchanged", version: 1 });
    expect((await listKeys(agent, { language: "de" })).keys.map((k) => k.key)).toEqual([
      "menu.entry_20",
      "menu.entry_21",
    ]);
    const unverified = await listKeys(agent, { language: "de", state: "unverified", limit: 200 });
    expect(unverified.total).toBe(20);
    expect(unverified.keys[0]).toMatchObject({ text: "Eintrag 00", machine: "ai" });
    await agent.close();
  });

  it("names a 2025-protocol client by the name it gave when it connected, not by the key's", async () => {
    const { owner, projectId, key } = await translatorWorld();
    const keyId = await buildKey(owner, projectId, "menu.legacy", { source: "Legacy" });
    // A client of the 2025 protocol names itself only in its initialize, a request of its own.
    const legacy = await connectAgent(api().app.url, key, { era: "legacy", name: "cursor-agent" });
    await setTranslations(legacy, { translations: [{ key: "menu.legacy", language: "de", text: "Alt" }] });
    const history = await call(owner, contract.strings.history, { params: { keyId, lang: "de" } });
    expect(history.body.entries[0]).toMatchObject({ value: "Alt", agent: "cursor-agent" });
    await legacy.close();
  });

  it("updates an open Overview live: each string, as unverified AI output by the agent", async () => {
    const { owner, projectId, agent } = await translatorWorld();
    const keyId = await buildKey(owner, projectId, "greeting", { source: "Hello" });
    const path = requestOf(contract.events.stream, { params: { projectId } }).path;
    const viewer = await openEventStream(`${api().app.url}${path}`, owner.cookie);
    try {
      await viewer.waitFor((event) => event.event === "ready");
      await setTranslations(agent, { translations: [{ key: "greeting", language: "de", text: "Hallo" }] });
      const updated = await viewer.waitFor((event) => event.event === "string.updated");
      expect(updated.data).toEqual({
        keyId,
        language: "de",
        cell: { value: "Hallo", version: 1, updatedAt: expect.any(String), machine: "ai" },
        by: "claude-code (AI agent)",
      });
    } finally {
      await viewer.close();
      await agent.close();
    }
  });

  it("reports a placeholder mistake in the text it writes, and the fix clears it", async () => {
    const { owner, projectId, agent, rest } = await translatorWorld();
    await buildKey(owner, projectId, "greeting", { source: "Hello {name}" });

    const wrong = await setTranslations(agent, {
      translations: [{ key: "greeting", language: "de", text: "Hallo {nom}" }],
    });
    expect(wrong.results[0]).toMatchObject({ result: "written", version: 1 });
    const placeholder = wrong.results[0]?.checks.find((check) => check.id === "placeholders");
    expect(placeholder?.message).toMatch(/missing.*\{name\}.*\{nom\}/);
    expect(placeholder?.fix).toBe("Hallo {name}");
    expect(wrong.failingChecks).toBe(1);

    const failing = await listKeys(agent, { language: "de", state: "failing_checks" });
    expect(failing.keys.map((key) => key.key)).toEqual(["greeting"]);
    expect(failing.keys[0]?.checks.map((check) => check.id)).toContain("placeholders");

    const fixed = await call(rest, translator.setTranslations, {
      body: { translations: [{ key: "greeting", language: "de", text: "Hallo {name}" }] },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.results[0]).toMatchObject({ result: "written", version: 2, checks: [] });
    expect((await listKeys(agent, { language: "de", state: "failing_checks" })).total).toBe(0);
    await agent.close();
  });

  it("gives a key's context: its glossary terms in German, tone, comments, suggestions and screenshots", async () => {
    const { owner, projectId, teamId, agent, rest } = await translatorWorld();
    const created = await call(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "workspace", description: "Where a team works", translations: { de: "Arbeitsbereich" } },
    });
    expect(created.status).toBe(201);
    await call(owner, contract.tone.updateSettings, {
      params: { teamId },
      body: { brandTone: "Warm and direct" },
    });
    const keyId = await buildKey(owner, projectId, "home.open", { source: "Open your workspace" });
    await call(owner, contract.comments.create, {
      params: { keyId, lang: "de" },
      body: { body: "Use the informal du" },
    });
    // The team translated the same text before, in another key: a translation memory suggestion.
    await buildKey(owner, projectId, "menu.open", {
      source: "Open your workspace",
      strings: { de: "Öffne deinen Arbeitsbereich" },
    });
    const image = pngBytes(16, 12);
    const uploaded = await call(owner, contract.screenshots.upload, {
      params: { keyId },
      body: { file: new File([new Uint8Array(image)], "home.png", { type: "image/png" }) },
    });
    expect(uploaded.status).toBe(201);

    const answer = await callTool<KeyContext>(agent, "get_key_context", { key: "home.open", language: "de" });
    if (!answer.ok) throw new Error(answer.message);
    const context = answer.data;
    expect(context).toMatchObject({
      key: "home.open",
      sourceLanguage: "en",
      source: "Open your workspace",
      texts: [{ language: "de", text: null, machine: null, checks: [] }],
      glossary: [
        {
          term: "workspace",
          description: "Where a team works",
          translations: { de: "Arbeitsbereich" },
          forbidden: false,
          doNotTranslate: false,
        },
      ],
      comments: [{ language: "de", body: "Use the informal du", resolved: false }],
      suggestions: [
        { language: "de", source: "Open your workspace", translation: "Öffne deinen Arbeitsbereich" },
      ],
      screenshots: [{ name: "home.png", mime: "image/png", width: 16, height: 12, attached: true }],
    });
    expect(context.toneOfVoice.brandTone).toBe("Warm and direct");
    const images = answer.result.content.filter((part) => part.type === "image");
    expect(images).toEqual([{ type: "image", mimeType: "image/png", data: image.toString("base64") }]);

    const viaRest = await call(rest, translator.keyContext, { query: { key: "home.open", language: "de" } });
    expect(viaRest.body).toEqual(context);

    // A German text without the glossary's term says so.
    const missed = await setTranslations(agent, {
      translations: [{ key: "home.open", language: "de", text: "Öffne deinen Raum" }],
    });
    expect(missed.results[0]?.checks.map((check) => check.id)).toContain("glossary_missing");
    const unknown = await callTool(agent, "get_key_context", { key: "home.nope" });
    expect(unknown.ok ? "" : unknown.message).toMatch(/not found/i);
    await agent.close();
  });

  it("writes nothing on a dry run", async () => {
    const { owner, projectId, agent } = await translatorWorld();
    await buildKey(owner, projectId, "greeting", { source: "Hello {name}" });
    const dry = await setTranslations(agent, {
      translations: [{ key: "greeting", language: "de", text: "Hallo {nom}" }],
      dryRun: true,
    });
    expect(dry).toMatchObject({ dryRun: true, written: 1, failingChecks: 1 });
    expect(dry.results[0]).toMatchObject({ result: "written", version: null });
    expect(dry.results[0]?.checks.map((check) => check.id)).toContain("placeholders");
    const keys = await keyList(owner, projectId);
    expect(keys.get("greeting")?.strings.de).toBeUndefined();
    expect((await listKeys(agent, { language: "de" })).total).toBe(1);
    await agent.close();
  });

  it("refuses the whole batch for a key the project lacks, a language it lacks, or the source language", async () => {
    const { owner, projectId, agent, rest } = await translatorWorld();
    await buildKey(owner, projectId, "greeting", { source: "Hello" });
    const good = { key: "greeting", language: "de", text: "Hallo" };

    const unknownKey = await callTool(agent, "set_translations", {
      translations: [good, { key: "nope.one", language: "de", text: "x" }],
    });
    expect(unknownKey.ok ? "" : unknownKey.message).toMatch(/nope\.one/);
    const unknownLanguage = await fail(rest, translator.setTranslations, {
      body: { translations: [good, { key: "greeting", language: "fr", text: "Bonjour" }] },
    });
    expect(unknownLanguage.status).toBe(400);
    expect(unknownLanguage.body.error.message).toMatch(/French/);
    const sourceLanguage = await fail(rest, translator.setTranslations, {
      body: { translations: [good, { key: "greeting", language: "en", text: "Hi" }] },
    });
    expect(sourceLanguage.status).toBe(400);
    expect(sourceLanguage.body.error.message).toMatch(/set_source_texts/);
    const twice = await fail(rest, translator.setTranslations, { body: { translations: [good, good] } });
    expect(twice.status).toBe(400);

    const keys = await keyList(owner, projectId);
    expect(keys.get("greeting")?.strings.de).toBeUndefined();
    await agent.close();
  });

  it("refuses, one by one, a key not to be translated, and tells a too long text", async () => {
    const { owner, projectId, agent } = await translatorWorld();
    const brandId = await buildKey(owner, projectId, "brand", { source: "Sprog" });
    await call(owner, contract.keys.update, { params: { keyId: brandId }, body: { translatable: false } });
    const buttonId = await buildKey(owner, projectId, "button.save", { source: "Save" });
    await call(owner, contract.keys.update, { params: { keyId: buttonId }, body: { maxLength: 5 } });

    const answer = await setTranslations(agent, {
      translations: [
        { key: "brand", language: "de", text: "Sprog" },
        { key: "button.save", language: "de", text: "Speichern" },
      ],
    });
    expect(answer).toMatchObject({ written: 1, refused: 1 });
    expect(answer.results[0]).toMatchObject({
      result: "refused",
      reason: expect.stringMatching(/not to be translated/),
    });
    expect(answer.results[1]?.checks).toEqual([
      expect.objectContaining({ id: "max_length", severity: "error", message: expect.stringMatching(/5/) }),
    ]);
    expect((await keyList(owner, projectId)).get("brand")?.strings.de).toBeUndefined();
    await agent.close();
  });

  it("shows another project's key nothing of this project", async () => {
    const mine = await translatorWorld();
    await buildKey(mine.owner, mine.projectId, "secret.title", { source: "Secret plan" });
    const theirs = await translatorWorld();
    await buildKey(theirs.owner, theirs.projectId, "their.title", { source: "Theirs" });

    const listed = await listKeys(theirs.agent, { language: "de" });
    expect(listed.keys.map((key) => key.key)).toEqual(["their.title"]);
    const context = await callTool(theirs.agent, "get_key_context", { key: "secret.title" });
    expect(context.ok).toBe(false);
    const rest = await fail(theirs.rest, translator.keyContext, { query: { key: "secret.title" } });
    expect(rest.status).toBe(404);
    const write = await callTool(theirs.agent, "set_translations", {
      translations: [{ key: "secret.title", language: "de", text: "Geheim" }],
    });
    expect(write.ok ? "" : write.message).toMatch(/secret\.title/);
    expect((await keyList(mine.owner, mine.projectId)).get("secret.title")?.strings.de).toBeUndefined();
    await mine.agent.close();
    await theirs.agent.close();
  });
});
