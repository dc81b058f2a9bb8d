import { randomBytes } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ApiKeyScope } from "../../src/shared/schemas/api-keys.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { call } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { expectVisible, journey } from "../helpers/e2e.ts";
import { buildKey, buildProject, buildTeam, buildUser, signInAs } from "../helpers/factories.ts";
import { callTool, connectAgent, toolNames } from "../helpers/mcp.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Issue 36 as a team would live it, with the MCP SDK's own client against the real server: a
 * scripted coding agent with a `translate` key fills the 20 missing German strings of a project;
 * they show as unverified AI output in the Overview (Chromium); a glossary term reaches the agent
 * and is used; a placeholder mistake comes back in the tool's answer and is fixed; a `review` key
 * approves a person's text but not the agent's; a `translate` key has no approve tool, a `pull`
 * key no write tool, and another project's key sees nothing of this one.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
const owner = { email: `agents-owner-${stamp}-${suffix}@example.test`, firstName: "Ada", lastName: "Owner" };
const projectName = "Agent app";
const KEYS = Array.from({ length: 20 }, (_, i) => `agent.key${String(i + 1).padStart(2, "0")}`);
const TERM_KEY = "agent.key01";
const PLACEHOLDER_KEY = "agent.key02";
const PERSON_KEY = "person.greeting";

/** The English source of each agent key: one with the glossary term, one with a placeholder. */
const sourceOf = (key: string) =>
  key === TERM_KEY ? "Open your workspace" : key === PLACEHOLDER_KEY ? "Hello {name}" : `Label ${key}`;

describe(`coding agents over MCP on ${testDatabaseLabel()}`, () => {
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let ownerApi: ApiClient;
  let projectId = "";
  const keyIds: Record<string, string> = {};
  const apiKeys: Partial<Record<"translate" | "review" | "pull" | "otherProject", string>> = {};
  const agents: Client[] = [];

  async function createKey(project: string, name: string, scopes: ApiKeyScope[]) {
    const created = await call(ownerApi, contract.apiKeys.create, {
      params: { projectId: project },
      body: { name, scopes },
    });
    expect(created.status).toBe(201);
    return created.body.key;
  }

  async function agent(key: string | undefined, name: string): Promise<Client> {
    if (!key) throw new Error("the key was not made");
    const client = await connectAgent(app.url, key, { name });
    agents.push(client);
    return client;
  }

  beforeAll(async () => {
    app = await startAppServer({});
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    ownerApi = await signInAs(await buildUser(app, owner), { context });
    const team = await buildTeam(ownerApi, { name: `Agents ${suffix}` });
    const project = await buildProject(ownerApi, team.id, { name: projectName, languages: ["de"] });
    projectId = project.id;
    const term = await call(ownerApi, contract.glossary.create, {
      params: { teamId: team.id },
      body: { term: "workspace", translations: { de: "Arbeitsbereich" } },
    });
    expect(term.status).toBe(201);
    for (const key of KEYS) keyIds[key] = await buildKey(ownerApi, projectId, key, { source: sourceOf(key) });
    keyIds[PERSON_KEY] = await buildKey(ownerApi, projectId, PERSON_KEY, {
      source: "Welcome",
      strings: { de: "Willkommen" },
    });
    const other = await buildProject(ownerApi, team.id, { name: "Other app", languages: ["de"] });
    await buildKey(ownerApi, other.id, "other.only", { source: "Elsewhere" });
    apiKeys.translate = await createKey(projectId, "Claude Code", ["translate"]);
    apiKeys.review = await createKey(projectId, "Review bot", ["review"]);
    apiKeys.pull = await createKey(projectId, "CI", ["pull"]);
    apiKeys.otherProject = await createKey(other.id, "Other agent", ["translate", "push"]);
  });

  afterAll(async () => {
    for (const client of agents) await client.close().catch(() => {});
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  const step = journey("coding-agents", () => page);

  step("1. a translate key gets the translator's tools and no approve or developer tool", async () => {
    const translator = await agent(apiKeys.translate, "claude-code");
    const names = await toolNames(translator);
    expect(names).toEqual(
      expect.arrayContaining(["list_keys_to_translate", "get_key_context", "set_translations"]),
    );
    expect(names).not.toContain("set_review_verdict");
    expect(names).not.toContain("create_keys");
  });

  step("2. the agent lists the 20 missing German strings and reads the glossary term's context", async () => {
    const translator = agents[0] as Client;
    const missing = await callTool<{ total: number; keys: { key: string }[] }>(
      translator,
      "list_keys_to_translate",
      {
        language: "de",
        state: "missing",
      },
    );
    if (!missing.ok) throw new Error(missing.message);
    expect(missing.data.total).toBe(20);
    expect(missing.data.keys.map((k) => k.key).sort()).toEqual(KEYS);
    const context = await callTool<{ glossary: { term: string; translations: Record<string, string> }[] }>(
      translator,
      "get_key_context",
      { key: TERM_KEY, language: "de" },
    );
    if (!context.ok) throw new Error(context.message);
    expect(context.data.glossary).toEqual([
      expect.objectContaining({ term: "workspace", translations: { de: "Arbeitsbereich" } }),
    ]);
  });

  step("3. it writes all 20; the placeholder mistake comes back, and the fix clears it", async () => {
    const translator = agents[0] as Client;
    type Answer = { written: number; results: { key: string; checks: { id: string }[] }[] };
    const texts = (placeholder: string) =>
      KEYS.map((key) => ({
        key,
        language: "de",
        text:
          key === TERM_KEY
            ? "Öffne deinen Arbeitsbereich"
            : key === PLACEHOLDER_KEY
              ? placeholder
              : `Etikett ${key}`,
      }));
    const first = await callTool<Answer>(translator, "set_translations", {
      translations: texts("Hallo {nom}"),
    });
    if (!first.ok) throw new Error(first.message);
    expect(first.data.written).toBe(20);
    const mistake = first.data.results.find((r) => r.key === PLACEHOLDER_KEY);
    expect(mistake?.checks.map((c) => c.id)).toContain("placeholders");
    const fixed = await callTool<Answer>(translator, "set_translations", {
      translations: [{ key: PLACEHOLDER_KEY, language: "de", text: "Hallo {name}" }],
    });
    if (!fixed.ok) throw new Error(fixed.message);
    expect(fixed.data.results[0]?.checks).toEqual([]);
    const history = await call(ownerApi, contract.strings.history, {
      params: { keyId: keyIds[PLACEHOLDER_KEY] ?? "", lang: "de" },
    });
    expect(history.body.entries[0]).toMatchObject({ value: "Hallo {name}", agent: "claude-code" });
  });

  step("4. the Overview shows the 20 German strings as unverified AI output", async () => {
    page = await context.newPage();
    const overview = new OverviewPage(page, app.url);
    await overview.goto();
    await overview.expectFirstProject(projectName);
    await overview.languageTab(/German/).click();
    await expectVisible(overview.row(TERM_KEY).getByText("Öffne deinen Arbeitsbereich"));
    await expectVisible(overview.row(TERM_KEY).getByText("AI · unverified"));
    // The filter counts every row, not only those the virtual table has drawn.
    await expectVisible(page.getByRole("button", { name: "Unverified AI (20)" }));
  });

  step("5. a review key approves a person's text but not the agent's; it may ask for changes", async () => {
    const review = await call(ownerApi, contract.reviews.create, {
      params: { projectId },
      body: { title: "Agent strings", keyIds: [keyIds[PERSON_KEY] ?? "", keyIds[TERM_KEY] ?? ""] },
    });
    expect(review.status).toBe(201);
    const reviewer = await agent(apiKeys.review, "review-bot");
    expect(await toolNames(reviewer)).toContain("set_review_verdict");
    const verdict = (key: string, verdict: "approved" | "needs_changes", comment?: string) =>
      callTool(reviewer, "set_review_verdict", {
        reviewId: review.body.id,
        key,
        language: "de",
        verdict,
        ...(comment ? { comment } : {}),
      });
    const person = await verdict(PERSON_KEY, "approved");
    expect(person.ok).toBe(true);
    const machine = await verdict(TERM_KEY, "approved");
    expect(machine.ok).toBe(false);
    if (!machine.ok) expect(machine.message).toMatch(/a person must approve it/);
    const changes = await verdict(TERM_KEY, "needs_changes", "Use the formal Sie");
    expect(changes.ok).toBe(true);
    const detail = await call(ownerApi, contract.reviews.get, { params: { reviewId: review.body.id } });
    const states = Object.fromEntries(detail.body.keys.map((k) => [k.key, k.approvals.de?.state]));
    expect(states).toEqual({ [PERSON_KEY]: "approved", [TERM_KEY]: "needs_changes" });
  });

  step("6. a pull key has no tool that writes", async () => {
    const ci = await agent(apiKeys.pull, "ci");
    const { tools } = await ci.listTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.filter((tool) => !tool.annotations?.readOnlyHint).map((tool) => tool.name)).toEqual([]);
  });

  step("7. another project's key sees nothing of this project", async () => {
    const stranger = await agent(apiKeys.otherProject, "stranger");
    const missing = await callTool<{ keys: { key: string }[] }>(stranger, "list_keys_to_translate", {
      language: "de",
    });
    if (!missing.ok) throw new Error(missing.message);
    expect(missing.data.keys.map((k) => k.key)).toEqual(["other.only"]);
    const context = await callTool(stranger, "get_key_context", { key: TERM_KEY });
    expect(context.ok).toBe(false);
    const search = await callTool<{ keys: unknown[] }>(stranger, "search_keys", { q: "agent" });
    if (!search.ok) throw new Error(search.message);
    expect(search.data.keys).toEqual([]);
    const write = await callTool(stranger, "set_translations", {
      translations: [{ key: TERM_KEY, language: "de", text: "Gekapert" }],
    });
    expect(write.ok).toBe(false);
    const history = await call(ownerApi, contract.strings.history, {
      params: { keyId: keyIds[TERM_KEY] ?? "", lang: "de" },
    });
    expect(history.body.entries.map((e) => e.value)).not.toContain("Gekapert");
  });
});
