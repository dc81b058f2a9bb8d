import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { PSEUDO_NOTICE } from "../../src/shared/schemas/ai.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import {
  buildKey,
  buildUser,
  memberOf,
  ownerWithProject,
  saveString,
  signInAs,
} from "../helpers/factories.ts";

// No AI_API_KEY: the built-in pseudo-localization answers, so every flow works offline.
const api = apiAppForThisFile();

describe("AI translation with the pseudo provider", () => {
  it("says clearly that it is pseudo-localization", async () => {
    expect(PSEUDO_NOTICE).toContain("pseudo-localization");
    expect(PSEUDO_NOTICE).toContain("AI_API_KEY");
    const { owner } = await ownerWithProject(api());
    const status = await call(owner, contract.ai.status, undefined);
    expect(status.body).toEqual({
      provider: "pseudo",
      model: "pseudo",
      notice: PSEUDO_NOTICE,
    });
  });

  it("translates one cell keeping every placeholder, and records it in history as pseudo-localization", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const keyId = await buildKey(owner, projectId, "greeting", {
      source: "Hello {name}, you have %1$d new [count] messages",
    });
    const answer = await call(owner, contract.ai.translate, { params: { keyId, lang: "de" }, body: {} });
    expect(answer.status).toBe(200);
    const value = answer.body.cell.value;
    expect(value).not.toBe("Hello {name}, you have %1$d new [count] messages");
    for (const placeholder of ["{name}", "%1$d", "[count]"]) expect(value).toContain(placeholder);
    const history = await call(owner, contract.strings.history, { params: { keyId, lang: "de" } });
    // Labelled as what it is (issue 19): never mistaken for an AI translation.
    expect(history.body.entries[0]).toMatchObject({ value, origin: "pseudo" });
    expect(answer.body.cell.machine).toBe("pseudo");
  });

  it("gives the spec's errors for what cannot be translated, and saves nothing", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const keyId = await buildKey(owner, projectId, "bare");
    const noSource = await fail(owner, contract.ai.translate, { params: { keyId, lang: "de" }, body: {} });
    expect(noSource).toMatchObject({ status: 400, body: { error: { message: "No source text found" } } });

    await saveString(owner, keyId, "en", "   ");
    const empty = await fail(owner, contract.ai.translate, { params: { keyId, lang: "de" }, body: {} });
    expect(empty).toMatchObject({
      status: 400,
      body: { error: { message: "Empty text provided for translation" } },
    });

    const notInProject = await fail(owner, contract.ai.translate, {
      params: { keyId, lang: "ja" },
      body: {},
    });
    expect(notInProject.status).toBe(400);
    const unknownModel = await fail(owner, contract.ai.translate, {
      params: { keyId, lang: "de" },
      body: { model: "gpt-99" },
    });
    expect(unknownModel).toMatchObject({
      status: 400,
      body: { error: { message: "Unknown model: gpt-99" } },
    });
    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(list.body.keys[0]?.strings.de).toBeUndefined();
  });

  it("reviewers may translate strings; outsiders get 404", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api());
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    const outsider = await signInAs(await buildUser(api().app));
    const keyId = await buildKey(owner, projectId, "k", { source: "Save" });
    const cell = { params: { keyId, lang: "de" }, body: {} };
    expect((await call(reviewer, contract.ai.translate, cell)).status).toBe(200);
    expect((await fail(outsider, contract.ai.translate, cell)).status).toBe(404);
  });

  it("counts each call and its source characters in the team's usage, with no tokens (issue 22)", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const keyId = await buildKey(owner, projectId, "greeting", { source: "Grüße, {name} 👋" });
    for (const language of ["de", "fr"]) {
      await call(owner, contract.ai.translate, { params: { keyId, lang: language }, body: {} });
    }
    await call(owner, contract.assist.assist, {
      params: { keyId, lang: "en" },
      body: { action: "shorten" },
    });
    const usage = await call(owner, contract.usage.team, { params: { teamId } });
    // 15 characters as a person counts them (the emoji is one, not two), sent twice; the assistant adds none.
    expect(usage.body).toMatchObject({
      ai: { calls: 3, inputTokens: 0, outputTokens: 0, characters: 30, tokenLimit: null, tokensLeft: null },
    });
  });
});
