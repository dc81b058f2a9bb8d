import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import type {
  CreateKeysAnswer,
  KeySearchAnswer,
  MissingKeysAnswer,
  RenamedKeyAnswer,
  SourceTextsAnswer,
} from "../../src/shared/schemas/v1-developer.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { callTool, connectAgent, toolNames } from "../helpers/mcp.ts";
import { agentOnProject, refusal, sessionKeys } from "../helpers/mcp-world.ts";
import { keyClient } from "../helpers/transfer.ts";

// The developer's tools (issue 36): keys and source texts by name, and the keys code uses that the
// project lacks; each an MCP tool and a REST route under /api/v1, for a key's own project only.
const api = apiAppForThisFile();
const developer = v1Contract.developer;
const WRITES = ["create_keys", "rename_key", "set_source_texts"];
const DEVELOPER_TOOLS = ["create_keys", "find_missing_keys", "rename_key", "search_keys", "set_source_texts"];

/** A project in en and de with a push key, an agent connected with it (era auto) and its REST client. */
const developerSetup = (name = "claude-code") => agentOnProject(api(), ["push"], name);

async function historyOf(keyId: string) {
  return api()
    .db.selectFrom("string_history")
    .select(["value", "origin", "user_id", "agent"])
    .where("key_id", "=", keyId)
    .orderBy("id")
    .execute();
}

describe("which developer tools a key gets", () => {
  it("gives a push key every developer tool, a pull key only search_keys and find_missing_keys", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const push = await createScopedKey(owner, projectId, ["push"]);
    const pull = await createScopedKey(owner, projectId, ["pull"]);
    const pushAgent = await connectAgent(api().app.url, push.key);
    expect((await toolNames(pushAgent)).filter((name) => DEVELOPER_TOOLS.includes(name))).toEqual(
      DEVELOPER_TOOLS,
    );
    const { tools } = await pushAgent.listTools();
    const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint).map((tool) => tool.name);
    expect(readOnly).toContain("search_keys");
    for (const write of WRITES) expect(readOnly, write).not.toContain(write);
    await pushAgent.close();

    const pullAgent = await connectAgent(api().app.url, pull.key);
    const pullTools = await toolNames(pullAgent);
    expect(pullTools).toContain("get_status");
    expect(pullTools.filter((name) => DEVELOPER_TOOLS.includes(name))).toEqual([
      "find_missing_keys",
      "search_keys",
    ]);
    // A write the pull key does not see cannot be called either.
    await expect(
      pullAgent.callTool({ name: "create_keys", arguments: { keys: [{ key: "sneaky" }] } }),
    ).rejects.toThrow(/create_keys not found/);
    await pullAgent.close();

    const rest = keyClient(api().app.url, pull.key);
    const created = await call(rest, developer.createKeys, { body: { keys: [{ key: "sneaky" }] } });
    expect(created.status).toBe(403);
    const renamed = await call(rest, developer.renameKey, { body: { key: "a", newName: "b" } });
    expect(renamed.status).toBe(403);
    const searched = await call(rest, developer.searchKeys, { query: {} });
    expect(searched.status).toBe(200);
    expect(await sessionKeys(owner, projectId)).toEqual([]);
  });

  it("describes every field of its tools' arguments for the agent", async () => {
    const { agent } = await developerSetup();
    const { tools } = await agent.listTools();
    for (const tool of tools.filter((t) => DEVELOPER_TOOLS.includes(t.name))) {
      expect(tool.description, tool.name).toBeTruthy();
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
      for (const [field, schema] of Object.entries(properties)) {
        expect(schema.description, `${tool.name}.${field}`).toBeTruthy();
      }
    }
    await agent.close();
  });
});

describe("create_keys", () => {
  it("creates keys with their metadata and source texts, as the session API lists them", async () => {
    const { owner, projectId, agent } = await developerSetup();
    const answer = await callTool<CreateKeysAnswer>(agent, "create_keys", {
      keys: [
        {
          key: "settings.title",
          source: "Settings",
          description: "Heading of the settings page",
          maxLength: 30,
          tags: ["settings", "v2"],
          namespace: "common",
        },
        { key: "settings.save" },
      ],
    });
    expect(answer.ok && answer.data.dryRun).toBe(false);
    expect(answer.ok && answer.data.keys.map((k) => [k.key, k.namespace])).toEqual([
      ["settings.title", "common"],
      ["settings.save", ""],
    ]);
    const keys = await sessionKeys(owner, projectId);
    const title = keys.find((k) => k.key === "settings.title");
    expect(title).toMatchObject({
      description: "Heading of the settings page",
      maxLength: 30,
      tags: ["settings", "v2"],
      namespace: "common",
      strings: { en: { value: "Settings" } },
    });
    expect(answer.ok && answer.data.keys[0]?.id).toBe(title?.id);
    expect(keys.find((k) => k.key === "settings.save")?.strings).toEqual({});
    // The source text's history names the agent, not a person.
    expect(await historyOf(title?.id ?? "")).toEqual([
      { value: "Settings", origin: "api", user_id: null, agent: "claude-code" },
    ]);
    await agent.close();
  });

  it("creates through REST too, the script named by its key", async () => {
    const { owner, projectId, rest } = await developerSetup();
    const created = await call(rest, developer.createKeys, {
      body: { keys: [{ key: "rest.key", source: "From a script", tags: ["ci"] }] },
    });
    expect(created.status).toBe(200);
    const [key] = await sessionKeys(owner, projectId);
    expect(key).toMatchObject({ key: "rest.key", tags: ["ci"], strings: { en: { value: "From a script" } } });
    expect((await historyOf(key?.id ?? ""))[0]?.agent).toBe("push");
  });

  it("records the creation in the activity feed without a user, naming the agent", async () => {
    const { owner, projectId, agent } = await developerSetup("cursor");
    await callTool(agent, "create_keys", { keys: [{ key: "feed.a", source: "A" }, { key: "feed.b" }] });
    const entries = await api()
      .db.selectFrom("activity")
      .select(["kind", "user_id", "count", "key_names", "details"])
      .where("project_id", "=", projectId)
      .where("kind", "=", "key.created")
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "key.created", user_id: null, count: 2 });
    expect(entries[0]?.key_names).toEqual(["feed.a", "feed.b"]);
    const details = entries[0]?.details;
    expect(typeof details === "string" ? JSON.parse(details) : details).toMatchObject({ agent: "cursor" });
    expect(await sessionKeys(owner, projectId)).toHaveLength(2);
    await agent.close();
  });

  it("dryRun answers what would be created and creates nothing", async () => {
    const { owner, projectId, agent, rest } = await developerSetup();
    const answer = await callTool<CreateKeysAnswer>(agent, "create_keys", {
      keys: [{ key: "dry.one", source: "One" }, { key: "dry.two" }],
      dryRun: true,
    });
    expect(answer.ok && answer.data).toEqual({
      dryRun: true,
      keys: [
        { id: null, key: "dry.one", namespace: "" },
        { id: null, key: "dry.two", namespace: "" },
      ],
    });
    const viaRest = await call(rest, developer.createKeys, {
      body: { keys: [{ key: "dry.three" }], dryRun: true },
    });
    expect(viaRest.status).toBe(200);
    expect(await sessionKeys(owner, projectId)).toEqual([]);
    await agent.close();
  });

  it("creates nothing when a name is given twice, exists already or is invalid, and names it", async () => {
    const { owner, projectId, agent, rest } = await developerSetup();
    await buildKey(owner, projectId, "taken.key", { source: "Taken" });
    const twice = await refusal(agent, "create_keys", {
      keys: [{ key: "fresh.a" }, { key: "dup.key" }, { key: "dup.key" }],
    });
    expect(twice).toBe('Given more than once: "dup.key"');
    const taken = await call(rest, developer.createKeys, {
      body: { keys: [{ key: "fresh.b" }, { key: "taken.key" }] },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      error: {
        code: "conflict",
        message: 'A key with this name already exists in this project: "taken.key"',
      },
    });
    expect(await refusal(agent, "create_keys", { keys: [{ key: "fresh.c" }, { key: "taken.key" }] })).toBe(
      'A key with this name already exists in this project: "taken.key"',
    );
    const invalid = await call(rest, developer.createKeys, {
      body: { keys: [{ key: "ok.key" }, { key: "bad\u0007" }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      error: { message: '"bad\\u0007": Key name must not contain control characters' },
    });
    expect(await refusal(agent, "create_keys", { keys: [{ key: "   " }] })).toContain(
      '"   ": Key name is required',
    );
    expect((await sessionKeys(owner, projectId)).map((k) => k.key)).toEqual(["taken.key"]);
    await agent.close();
  });

  it("refuses a NUL in a source text from an agent as from a script, naming the field", async () => {
    const { owner, projectId, agent, rest } = await developerSetup();
    expect(await refusal(agent, "create_keys", { keys: [{ key: "nul.key", source: "a\u0000b" }] })).toBe(
      "keys.0.source: Text must not contain NUL characters",
    );
    const viaRest = await call(rest, developer.createKeys, {
      body: { keys: [{ key: "nul.key", source: "a\u0000b" }] },
    });
    expect(viaRest.status).toBe(400);
    expect(await sessionKeys(owner, projectId)).toEqual([]);
    await agent.close();
  });
});

describe("set_source_texts", () => {
  it("writes the source texts with the agent's client name in history", async () => {
    const { owner, projectId, agent } = await developerSetup("claude-code");
    const first = await buildKey(owner, projectId, "home.title", { source: "Home" });
    const second = await buildKey(owner, projectId, "home.body", { source: "Welcome" });
    const answer = await callTool<SourceTextsAnswer>(agent, "set_source_texts", {
      texts: [
        { key: "home.title", text: "Start" },
        { key: "home.body", text: "Welcome" },
      ],
    });
    expect(answer.ok && answer.data).toEqual({
      dryRun: false,
      sourceLanguage: "en",
      changed: [{ key: "home.title", version: 2 }],
      unchanged: ["home.body"],
    });
    const history = await call(owner, contract.strings.history, { params: { keyId: first, lang: "en" } });
    expect(history.status).toBe(200);
    expect(history.body.entries[0]).toMatchObject({ value: "Start", origin: "api", version: 2 });
    expect((await historyOf(first)).at(-1)).toEqual({
      value: "Start",
      origin: "api",
      user_id: null,
      agent: "claude-code",
    });
    expect(await historyOf(second)).toHaveLength(1);
    await agent.close();
  });

  it("checks the translations of a changed source text again", async () => {
    const { owner, projectId, rest } = await developerSetup();
    const keyId = await buildKey(owner, projectId, "greet", {
      source: "Hi {name}",
      strings: { de: "Hallo {name}" },
    });
    const written = await call(rest, developer.setSourceTexts, {
      body: { texts: [{ key: "greet", text: "Hi {user}" }] },
    });
    expect(written.status).toBe(200);
    const row = await api()
      .db.selectFrom("string_checks")
      .select("checks")
      .where("key_id", "=", keyId)
      .where("language_code", "=", "de")
      .executeTakeFirstOrThrow();
    expect(row.checks).toContain("placeholders");
  });

  it("dryRun changes nothing; an unknown key is named and nothing is written", async () => {
    const { owner, projectId, agent, rest } = await developerSetup();
    const keyId = await buildKey(owner, projectId, "known", { source: "Before" });
    const dry = await callTool<SourceTextsAnswer>(agent, "set_source_texts", {
      texts: [{ key: "known", text: "After" }],
      dryRun: true,
    });
    expect(dry.ok && dry.data.changed).toEqual([{ key: "known", version: 2 }]);
    const unknown = await call(rest, developer.setSourceTexts, {
      body: {
        texts: [
          { key: "known", text: "After" },
          { key: "nope.one", text: "x" },
          { key: "nope.two", text: "y" },
        ],
      },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { message: 'Keys not found: "nope.one", "nope.two"' } });
    expect(await refusal(agent, "set_source_texts", { texts: [{ key: "nope", text: "x" }] })).toBe(
      'Key not found: "nope"',
    );
    const [key] = await sessionKeys(owner, projectId);
    expect(key?.strings.en).toMatchObject({ value: "Before", version: 1 });
    expect(await historyOf(keyId)).toHaveLength(1);
    await agent.close();
  });
});

describe("rename_key", () => {
  it("renames a key by name; 409 when the new name exists; dryRun changes nothing", async () => {
    const { owner, projectId, agent, rest } = await developerSetup();
    const keyId = await buildKey(owner, projectId, "old.name", { source: "Text" });
    await buildKey(owner, projectId, "other.name");
    const dry = await callTool<RenamedKeyAnswer>(agent, "rename_key", {
      key: "old.name",
      newName: "new.name",
      dryRun: true,
    });
    expect(dry.ok && dry.data).toEqual({ dryRun: true, id: keyId, key: "new.name", previous: "old.name" });
    expect((await sessionKeys(owner, projectId)).map((k) => k.key)).toEqual(["old.name", "other.name"]);

    const taken = await call(rest, developer.renameKey, { body: { key: "old.name", newName: "other.name" } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      error: { code: "conflict", message: "A key with this name already exists in this project" },
    });
    expect(await refusal(agent, "rename_key", { key: "old.name", newName: "other.name" })).toBe(
      "A key with this name already exists in this project",
    );
    expect(await refusal(agent, "rename_key", { key: "missing.name", newName: "x" })).toBe(
      'Key not found: "missing.name"',
    );

    const renamed = await callTool<RenamedKeyAnswer>(agent, "rename_key", {
      key: "old.name",
      newName: "new.name",
    });
    expect(renamed.ok && renamed.data).toEqual({
      dryRun: false,
      id: keyId,
      key: "new.name",
      previous: "old.name",
    });
    const keys = await sessionKeys(owner, projectId);
    expect(keys.find((k) => k.id === keyId)).toMatchObject({
      key: "new.name",
      strings: { en: { value: "Text" } },
    });
    await agent.close();
  });
});

describe("another project's key", () => {
  it("neither sees nor changes this project's keys", async () => {
    const { owner, projectId, agent } = await developerSetup();
    await callTool(agent, "create_keys", { keys: [{ key: "mine.key", source: "Mine" }] });
    const other = await developerSetup("intruder");

    const searched = await callTool<KeySearchAnswer>(other.agent, "search_keys", { q: "mine" });
    expect(searched.ok && searched.data.keys).toEqual([]);
    expect(
      await refusal(other.agent, "set_source_texts", { texts: [{ key: "mine.key", text: "Theirs" }] }),
    ).toBe('Key not found: "mine.key"');
    expect(await refusal(other.agent, "rename_key", { key: "mine.key", newName: "stolen" })).toBe(
      'Key not found: "mine.key"',
    );
    const missing = await callTool<MissingKeysAnswer>(other.agent, "find_missing_keys", {
      files: [{ path: "a.ts", content: 't("mine.key")' }],
    });
    expect(missing.ok && missing.data.counts.missing).toBe(1);
    // The same name in its own project is another key.
    const created = await call(other.rest, developer.createKeys, {
      body: { keys: [{ key: "mine.key", source: "Theirs" }] },
    });
    expect(created.status).toBe(200);

    const [key] = await sessionKeys(owner, projectId);
    expect(key).toMatchObject({ key: "mine.key", strings: { en: { value: "Mine", version: 1 } } });
    expect(await sessionKeys(owner, projectId)).toHaveLength(1);
    await agent.close();
    await other.agent.close();
  });
});
