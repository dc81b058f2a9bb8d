import { describe, expect, it } from "vitest";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import type { KeySearchAnswer, MissingKeysAnswer } from "../../src/shared/schemas/v1-developer.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { callTool } from "../helpers/mcp.ts";
import { agentOnProject, refusal, sessionKeys } from "../helpers/mcp-world.ts";
import { keyClient } from "../helpers/transfer.ts";

// The developer's reading tools (issue 36): search_keys and find_missing_keys, each an MCP tool and
// a REST route under /api/v1, for a key's own project only. Its writes: mcp-developer.test.ts.
const api = apiAppForThisFile();
const developer = v1Contract.developer;

/** A project in en and de with a push key, an agent connected with it (era auto) and its REST client. */
const developerSetup = (name = "claude-code") => agentOnProject(api(), ["push"], name);

describe("search_keys", () => {
  it("finds keys by name, source text or description, with tags, namespace and each language's state", async () => {
    const { owner, projectId, agent, rest } = await developerSetup();
    await callTool(agent, "create_keys", {
      keys: [
        { key: "cart.checkout", source: "Checkout", tags: ["shop"], description: "Button on the cart page" },
        { key: "cart.empty", source: "Your basket is empty", tags: ["shop", "v2"], namespace: "shop" },
        { key: "profile.name", source: "Name", maxLength: 20 },
      ],
    });
    const [checkout] = (await sessionKeys(owner, projectId)).filter((k) => k.key === "cart.checkout");
    await saveString(owner, checkout?.id ?? "", "de", "Zur Kasse");

    const byName = await callTool<KeySearchAnswer>(agent, "search_keys", { q: "cart" });
    expect(byName.ok && byName.data.keys.map((k) => k.key)).toEqual(["cart.checkout", "cart.empty"]);
    expect(byName.ok && byName.data.keys[0]).toMatchObject({
      key: "cart.checkout",
      source: "Checkout",
      description: "Button on the cart page",
      maxLength: null,
      tags: ["shop"],
      namespace: "",
      translatable: true,
      languages: { de: "translated" },
    });
    expect(byName.ok && byName.data.keys[1]?.languages).toEqual({ de: "missing" });
    expect(byName.ok && byName.data.sourceLanguage).toBe("en");

    const bySource = await callTool<KeySearchAnswer>(agent, "search_keys", { q: "basket" });
    expect(bySource.ok && bySource.data.keys.map((k) => k.key)).toEqual(["cart.empty"]);
    const byDescription = await callTool<KeySearchAnswer>(agent, "search_keys", { q: "cart page" });
    expect(byDescription.ok && byDescription.data.keys.map((k) => k.key)).toEqual(["cart.checkout"]);
    const byTranslation = await callTool<KeySearchAnswer>(agent, "search_keys", { q: "kasse" });
    expect(byTranslation.ok && byTranslation.data.keys.map((k) => k.key)).toEqual(["cart.checkout"]);

    const byTags = await callTool<KeySearchAnswer>(agent, "search_keys", { tags: ["shop", "v2"] });
    expect(byTags.ok && byTags.data.keys.map((k) => k.key)).toEqual(["cart.empty"]);
    const byTagsRest = await call(rest, developer.searchKeys, { query: { tags: ["shop", "v2"] } });
    expect(byTagsRest.body.keys.map((k) => k.key)).toEqual(["cart.empty"]);
    const byNamespace = await call(rest, developer.searchKeys, { query: { namespace: "" } });
    expect(byNamespace.body.keys.map((k) => k.key)).toEqual(["cart.checkout", "profile.name"]);
    expect(byNamespace.body.keys[1]?.maxLength).toBe(20);
    await agent.close();
  });

  it("pages in name order with cursor and nextCursor (null at the end), REST and MCP alike", async () => {
    const { agent, rest } = await developerSetup();
    const names = Array.from({ length: 7 }, (_, i) => `page.k${i}`);
    await callTool(agent, "create_keys", { keys: names.map((key) => ({ key })) });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await call(rest, developer.searchKeys, {
        query: { limit: 3, ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      const mcp = await callTool<KeySearchAnswer>(agent, "search_keys", {
        limit: 3,
        ...(cursor ? { cursor } : {}),
      });
      expect(mcp.ok && mcp.data).toEqual(page.body);
      seen.push(...page.body.keys.map((k) => k.key));
      if (page.body.nextCursor === null) break;
      cursor = page.body.nextCursor;
    }
    expect(seen).toEqual(names);
    const all = await call(rest, developer.searchKeys, { query: {} });
    expect(all.body.keys).toHaveLength(7);
    expect(all.body.nextCursor).toBeNull();
    const tooMany = await call(rest, developer.searchKeys, { query: { limit: 201 } });
    expect(tooMany.status).toBe(400);
    await agent.close();
  });
});

describe("find_missing_keys", () => {
  const code = [
    'import { t } from "i18next";',
    "",
    'export const title = t("home.title");',
    "export function Body() {",
    "  return <p>{t('home.body')} {t(\"home.missing\")}</p>;",
    "}",
    'const custom = tr("custom.key");',
  ].join("\n");

  it("answers the keys a file uses that the project lacks, with file and line", async () => {
    const { owner, projectId, agent, rest } = await developerSetup();
    await buildKey(owner, projectId, "home.title");
    await buildKey(owner, projectId, "home.body");
    const files = [
      { path: "src/home.tsx", content: code },
      { path: "src/other.ts", content: 't("home.missing");\nt("other.missing")' },
    ];
    const answer = await callTool<MissingKeysAnswer>(agent, "find_missing_keys", { files });
    expect(answer.ok && answer.data).toEqual({
      missing: [
        { key: "home.missing", file: "src/home.tsx", line: 5 },
        { key: "other.missing", file: "src/other.ts", line: 2 },
      ],
      counts: { files: 2, used: 4, missing: 2 },
    });
    const withPattern = await call(rest, developer.findMissingKeys, {
      body: { files, patterns: [String.raw`\btr\("([^"]+)"\)`] },
    });
    expect(withPattern.status).toBe(200);
    expect(withPattern.body.missing).toContainEqual({ key: "custom.key", file: "src/home.tsx", line: 7 });
    expect(withPattern.body.counts).toEqual({ files: 2, used: 5, missing: 3 });
    await agent.close();
  });

  it("is there for a pull key too, and refuses a bad pattern or too much input with a clear 400", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const { key } = await createScopedKey(owner, projectId, ["pull"]);
    const rest = keyClient(api().app.url, key);
    const files = [{ path: "a.ts", content: code }];
    const ok = await call(rest, developer.findMissingKeys, { body: { files } });
    expect(ok.status).toBe(200);
    expect(ok.body.counts.missing).toBe(3);

    const badPattern = await call(rest, developer.findMissingKeys, {
      body: { files, patterns: ["tr(", "x"] },
    });
    expect(badPattern.status).toBe(400);
    expect(badPattern.body).toMatchObject({
      error: { message: expect.stringMatching(/^patterns\[0\] is not a regular expression/) },
    });
    const noGroup = await call(rest, developer.findMissingKeys, { body: { files, patterns: ["tr"] } });
    expect(noGroup.body).toMatchObject({
      error: { message: "patterns[0] must have one capture group, the key (has 0)" },
    });
    const tooMany = await call(rest, developer.findMissingKeys, {
      body: { files: Array.from({ length: 201 }, (_, i) => ({ path: `f${i}.ts`, content: "" })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      error: { message: "At most 200 files a call: send the others in another call" },
    });
    const tooLarge = await call(rest, developer.findMissingKeys, {
      body: { files: [{ path: "big.ts", content: "x".repeat(1_000_001) }] },
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({
      error: { message: expect.stringMatching(/at most 1,000,000 a call/) },
    });
  });

  it("stops a pattern that backtracks without end, and answers 400", async () => {
    const { agent } = await developerSetup();
    const started = Date.now();
    const message = await refusal(agent, "find_missing_keys", {
      files: [{ path: "a.ts", content: `${"a".repeat(40)}!` }],
      patterns: ["((?:a+)+)b"],
    });
    expect(message).toMatch(/a pattern backtracks too much/);
    expect(Date.now() - started).toBeLessThan(10_000);
    await agent.close();
  });
});
