import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import {
  MACHINE_APPROVAL_REFUSED,
  type ReviewKeysPage,
  type ReviewVerdict,
  type V1ReviewList,
} from "../../src/shared/schemas/v1-reviewer.ts";
import { type ApiApp, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { callTool, connectAgent, toolNames } from "../helpers/mcp.ts";
import { createReview, getReview, listenToBus } from "../helpers/reviews.ts";
import { keyClient } from "../helpers/transfer.ts";

// The reviewer's tools of the public API (issue 36), through the SDK's own MCP client and through
// REST with the same key: a review key judges a person's text, never machine output. The project
// context every key reads: mcp-context.test.ts.
const api = apiAppForThisFile({ env: async () => ({ PULL_RATE_LIMIT_PER_MINUTE: "100000" }) });

const REVIEW_TOOLS = ["list_review_keys", "list_reviews", "set_review_verdict"];
const CONTEXT_TOOLS = ["get_glossary", "get_project_languages", "get_tone_of_voice"];

/**
 * An owner's project (en, de, fr) with a review of three keys: `greeting` with a German text the
 * owner wrote, `farewell` with a German pseudo-localization (machine output), `title` with a German
 * text failing the placeholder check; a review key and a connected agent named review-bot.
 */
async function reviewSetup(app: ApiApp) {
  const setup = await ownerWithProject(app, ["de", "fr"]);
  const { owner, projectId } = setup;
  await call(owner, contract.profiles.save, { body: { firstName: "Olga", lastName: "Owner" } });
  const greeting = await buildKey(owner, projectId, "greeting", {
    source: "Hello {name}",
    strings: { de: "Hallo {name}" },
  });
  const farewell = await buildKey(owner, projectId, "farewell", { source: "Goodbye" });
  const pseudo = await call(owner, contract.ai.translate, {
    params: { keyId: farewell, lang: "de" },
    body: {},
  });
  expect(pseudo.body.cell.machine).toBe("pseudo");
  const title = await buildKey(owner, projectId, "title", {
    source: "Welcome, {name}",
    strings: { de: "Willkommen" },
  });
  const review = await createReview(owner, projectId, {
    title: "Release 2",
    description: "Texts of the new release",
    keyIds: [greeting, farewell, title],
  });
  const { key } = await createScopedKey(owner, projectId, ["review"]);
  const agent = await connectAgent(app.app.url, key, { name: "review-bot", era: "auto" });
  return { ...setup, keys: { greeting, farewell, title }, review, key, agent };
}

async function verdict(agent: Client, args: Record<string, unknown>) {
  return callTool<ReviewVerdict>(agent, "set_review_verdict", args);
}

describe("reviewer tools", () => {
  it("gives a review key the review tools and the context tools; a translate key no verdicts", async () => {
    const { owner, projectId, agent } = await reviewSetup(api());
    const names = await toolNames(agent);
    for (const name of [...REVIEW_TOOLS, ...CONTEXT_TOOLS]) expect(names).toContain(name);
    const { tools } = await agent.listTools();
    const readOnly = (name: string) => tools.find((t) => t.name === name)?.annotations?.readOnlyHint;
    expect(readOnly("list_reviews")).toBe(true);
    expect(readOnly("list_review_keys")).toBe(true);
    expect(readOnly("set_review_verdict")).toBe(false);
    const setVerdict = tools.find((t) => t.name === "set_review_verdict");
    expect(setVerdict?.description).toContain("cannot be approved by an agent");
    expect(JSON.stringify(setVerdict?.inputSchema)).toContain("needs_changes");
    await agent.close();

    const { key } = await createScopedKey(owner, projectId, ["translate"]);
    const translator = await connectAgent(api().app.url, key, { name: "translator", era: "auto" });
    const offered = await toolNames(translator);
    for (const name of REVIEW_TOOLS) expect(offered).not.toContain(name);
    for (const name of CONTEXT_TOOLS) expect(offered).toContain(name);
    await translator.close();
  });

  it("lists the open reviews with pending texts per language, as the REST API does", async () => {
    const { owner, projectId, review, key, agent, keys } = await reviewSetup(api());
    const done = await createReview(owner, projectId, { title: "Old", keyIds: [keys.greeting] });
    await call(owner, contract.reviews.update, {
      params: { reviewId: done.id },
      body: { languagesDone: ["en", "de", "fr"] },
    });

    const listed = await callTool<V1ReviewList>(agent, "list_reviews");
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.data.reviews.map((r) => r.id)).toEqual([review.id]);
    expect(listed.data.reviews[0]).toMatchObject({
      title: "Release 2",
      description: "Texts of the new release",
      status: "pending",
      keyCount: 3,
      languages: [
        { language: "en", pending: 3, approved: 0, needsChanges: 0 },
        { language: "de", pending: 3, approved: 0, needsChanges: 0 },
        { language: "fr", pending: 3, approved: 0, needsChanges: 0 },
      ],
    });
    const rest = await call(keyClient(api().app.url, key), v1Contract.reviewer.listReviews, { query: {} });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(listed.data);

    const all = await callTool<V1ReviewList>(agent, "list_reviews", { status: "all" });
    expect(all.ok && all.data.reviews.map((r) => [r.id, r.status])).toEqual([
      [review.id, "pending"],
      [done.id, "completed"],
    ]);
    const completed = await callTool<V1ReviewList>(agent, "list_reviews", { status: "completed" });
    expect(completed.ok && completed.data.reviews.map((r) => r.id)).toEqual([done.id]);
    await agent.close();
  });

  it("lists a review's texts without a verdict, paged, with machine marks and failed checks", async () => {
    const { review, key, agent } = await reviewSetup(api());
    const first = await callTool<ReviewKeysPage>(agent, "list_review_keys", {
      reviewId: review.id,
      language: "de",
      limit: 2,
    });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.data.sourceLanguage).toBe("en");
    expect(first.data.keys).toEqual([
      {
        key: "farewell",
        description: null,
        maxLength: null,
        source: "Goodbye",
        pending: [
          expect.objectContaining({ language: "de", version: 1, machine: true, machineKind: "pseudo" }),
        ],
      },
      {
        key: "greeting",
        description: null,
        maxLength: null,
        source: "Hello {name}",
        pending: [{ language: "de", text: "Hallo {name}", version: 1, machine: false, failedChecks: [] }],
      },
    ]);
    expect(first.data.nextCursor).toEqual(expect.any(String));
    const rest = await call(keyClient(api().app.url, key), v1Contract.reviewer.listReviewKeys, {
      params: { reviewId: review.id },
      query: { language: "de", limit: 2 },
    });
    expect(rest.body).toEqual(first.data);

    const second = await callTool<ReviewKeysPage>(agent, "list_review_keys", {
      reviewId: review.id,
      language: "de",
      limit: 2,
      cursor: first.data.nextCursor,
    });
    expect(second.ok && second.data).toMatchObject({
      keys: [
        {
          key: "title",
          source: "Welcome, {name}",
          pending: [{ language: "de", text: "Willkommen", machine: false, failedChecks: ["placeholders"] }],
        },
      ],
      nextCursor: null,
    });

    // Without a language: every language of the project, a missing text as null.
    const every = await callTool<ReviewKeysPage>(agent, "list_review_keys", { reviewId: review.id });
    expect(every.ok && every.data.keys.find((k) => k.key === "greeting")?.pending).toEqual([
      { language: "en", text: "Hello {name}", version: 1, machine: false, failedChecks: [] },
      { language: "de", text: "Hallo {name}", version: 1, machine: false, failedChecks: [] },
      { language: "fr", text: null, version: 0, machine: false, failedChecks: [] },
    ]);
    const unknown = await callTool(agent, "list_review_keys", { reviewId: review.id, language: "ja" });
    expect(unknown).toMatchObject({ ok: false, message: "Japanese is not a language of this project" });
    await agent.close();
  });

  it("approves a person's text: the review shows the agent's name, the feed records it", async () => {
    const { owner, teamId, projectId, review, keys, agent } = await reviewSetup(api());
    const bus = await listenToBus(api());
    const approved = await verdict(agent, {
      reviewId: review.id,
      key: "greeting",
      language: "de",
      verdict: "approved",
      comment: "Fine",
    });
    expect(approved).toMatchObject({
      ok: true,
      data: {
        reviewId: review.id,
        key: "greeting",
        language: "de",
        verdict: "approved",
        comment: null,
        version: 1,
        agent: "review-bot",
        dryRun: false,
      },
    });
    const detail = await getReview(owner, review.id);
    const judged = detail.keys.find((k) => k.id === keys.greeting);
    expect(judged?.approvals.de).toMatchObject({
      state: "approved",
      byUserId: null,
      byName: null,
      agent: "review-bot",
    });
    expect(judged?.strings.de?.machine).toBeUndefined();
    expect(detail.approvalCounts.de).toEqual({ approved: 1, total: 3 });

    // No longer pending for the agent.
    const page = await callTool<ReviewKeysPage>(agent, "list_review_keys", {
      reviewId: review.id,
      language: "de",
    });
    expect(page.ok && page.data.keys.map((k) => k.key)).toEqual(["farewell", "title"]);

    const feed = await call(owner, contract.activity.list, { params: { teamId }, query: { projectId } });
    expect(feed.body.entries[0]).toMatchObject({
      kind: "review.approved",
      user: null,
      keys: [{ id: keys.greeting, key: "greeting" }],
      languages: ["de"],
      details: { reviewId: review.id, agent: "review-bot" },
    });
    try {
      // Open review screens hear of it as of a person's verdict.
      await expect
        .poll(() => bus.seen)
        .toContainEqual({ projectId, event: { type: "review.updated", data: { reviewId: review.id } } });
    } finally {
      await bus.stop();
    }
    await agent.close();
  });

  it("never approves machine output: refused and nothing changes; needs changes with a comment works", async () => {
    const app = api();
    const { owner, projectId, review, keys, key, agent } = await reviewSetup(app);
    const refused = await verdict(agent, {
      reviewId: review.id,
      key: "farewell",
      language: "de",
      verdict: "approved",
    });
    expect(refused).toMatchObject({ ok: false, message: MACHINE_APPROVAL_REFUSED });
    const viaRest = await fail(keyClient(app.app.url, key), v1Contract.reviewer.setVerdict, {
      params: { reviewId: review.id },
      body: { key: "farewell", language: "de", verdict: "approved" },
    });
    expect(viaRest).toMatchObject({ status: 403, body: { error: { message: MACHINE_APPROVAL_REFUSED } } });
    // Another agent's translation (a translate key's set_translations) is machine output too.
    const signIn = await buildKey(owner, projectId, "sign.in", { source: "Sign in" });
    await call(owner, contract.reviews.addKeys, {
      params: { reviewId: review.id },
      body: { keyIds: [signIn] },
    });
    const { key: translateKey } = await createScopedKey(owner, projectId, ["translate"]);
    const translator = await connectAgent(app.app.url, translateKey, { name: "translate-bot", era: "auto" });
    const written = await callTool(translator, "set_translations", {
      translations: [{ key: "sign.in", language: "de", text: "Anmelden" }],
    });
    expect(written).toMatchObject({ ok: true, data: { written: 1 } });
    await translator.close();
    const agentsOwn = await verdict(agent, {
      reviewId: review.id,
      key: "sign.in",
      language: "de",
      verdict: "approved",
    });
    expect(agentsOwn).toMatchObject({ ok: false, message: MACHINE_APPROVAL_REFUSED });
    // So is an AI translation in the editor (machine 'ai').
    await app.db
      .updateTable("translation_strings")
      .set({ machine: "ai" })
      .where("key_id", "=", keys.title)
      .where("language_code", "=", "de")
      .execute();
    const ai = await verdict(agent, {
      reviewId: review.id,
      key: "title",
      language: "de",
      verdict: "approved",
    });
    expect(ai).toMatchObject({ ok: false, message: MACHINE_APPROVAL_REFUSED });
    const untouched = await getReview(owner, review.id);
    expect(untouched.keys.find((k) => k.id === keys.farewell)?.approvals).toEqual({});
    expect(untouched.keys.find((k) => k.id === keys.title)?.approvals).toEqual({});
    expect(untouched.keys.find((k) => k.id === signIn)?.approvals).toEqual({});
    expect(untouched.keys.find((k) => k.id === signIn)?.strings.de?.machine).toBe("ai");
    expect(untouched.keys.find((k) => k.id === keys.farewell)?.strings.de?.machine).toBe("pseudo");

    const changes = await verdict(agent, {
      reviewId: review.id,
      key: "farewell",
      language: "de",
      verdict: "needs_changes",
      comment: "  Pseudo-localization, not German  ",
    });
    expect(changes).toMatchObject({
      ok: true,
      data: { verdict: "needs_changes", comment: "Pseudo-localization, not German", agent: "review-bot" },
    });
    const detail = await getReview(owner, review.id);
    const farewell = detail.keys.find((k) => k.id === keys.farewell);
    expect(farewell?.approvals.de).toMatchObject({
      state: "needs_changes",
      comment: "Pseudo-localization, not German",
      byUserId: null,
      agent: "review-bot",
    });
    // Still machine output: asking for changes checks nothing.
    expect(farewell?.strings.de?.machine).toBe("pseudo");
    await agent.close();
  });

  it("answers a dry run without changing anything, and refuses what cannot be judged", async () => {
    const { owner, review, keys, agent } = await reviewSetup(api());
    const dry = await verdict(agent, {
      reviewId: review.id,
      key: "greeting",
      language: "de",
      verdict: "approved",
      dryRun: true,
    });
    expect(dry).toMatchObject({ ok: true, data: { verdict: "approved", version: 1, dryRun: true } });
    const dryMachine = await verdict(agent, {
      reviewId: review.id,
      key: "farewell",
      language: "de",
      verdict: "approved",
      dryRun: true,
    });
    expect(dryMachine).toMatchObject({ ok: false, message: MACHINE_APPROVAL_REFUSED });
    expect((await getReview(owner, review.id)).keys.find((k) => k.id === keys.greeting)?.approvals).toEqual(
      {},
    );

    const cases: [Record<string, unknown>, string][] = [
      [{ key: "nope", language: "de", verdict: "approved" }, "Key not found"],
      [
        { key: "greeting", language: "ja", verdict: "approved" },
        "Japanese is not a language of this project",
      ],
      [{ key: "greeting", language: "fr", verdict: "approved" }, "There is no French text to approve"],
    ];
    await buildKey(owner, review.projectId, "outside", { source: "Out" });
    cases.push([{ key: "outside", language: "de", verdict: "approved" }, "This key is not in this review"]);
    for (const [args, message] of cases) {
      expect(await verdict(agent, { reviewId: review.id, ...args })).toMatchObject({ ok: false, message });
    }
    // A missing text may still need changes: it is missing.
    const missing = await verdict(agent, {
      reviewId: review.id,
      key: "greeting",
      language: "fr",
      verdict: "needs_changes",
      comment: "Missing",
    });
    expect(missing).toMatchObject({ ok: true, data: { version: 0, verdict: "needs_changes" } });
    await agent.close();
  });

  it("shows another project's key nothing of this project's reviews (404)", async () => {
    const { review, agent } = await reviewSetup(api());
    await agent.close();
    const other = await ownerWithProject(api(), ["de"]);
    const { key } = await createScopedKey(other.owner, other.projectId, ["review"]);
    const stranger = await connectAgent(api().app.url, key, { name: "stranger", era: "auto" });
    const listed = await callTool<V1ReviewList>(stranger, "list_reviews", { status: "all" });
    expect(listed.ok && listed.data.reviews).toEqual([]);
    expect(await callTool(stranger, "list_review_keys", { reviewId: review.id })).toMatchObject({
      ok: false,
      message: "Review not found",
    });
    expect(
      await verdict(stranger, {
        reviewId: review.id,
        key: "greeting",
        language: "de",
        verdict: "needs_changes",
      }),
    ).toMatchObject({ ok: false, message: "Review not found" });
    const client = keyClient(api().app.url, key);
    const rest = await fail(client, v1Contract.reviewer.listReviewKeys, {
      params: { reviewId: review.id },
      query: {},
    });
    expect(rest).toMatchObject({ status: 404, body: { error: { message: "Review not found" } } });
    const restVerdict = await fail(client, v1Contract.reviewer.setVerdict, {
      params: { reviewId: review.id },
      body: { key: "greeting", language: "de", verdict: "needs_changes" },
    });
    expect(restVerdict.status).toBe(404);
    await stranger.close();
  });
});
