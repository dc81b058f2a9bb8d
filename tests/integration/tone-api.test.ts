import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { UpdateToneSettingsBody } from "../../src/shared/schemas/tone.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildUser, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";

const api = apiAppForThisFile();

async function teamWithReviewer() {
  const { owner, teamId } = await ownerWithProject(api(), []);
  const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
  return { owner, reviewer, teamId };
}

const settings = (client: ApiClient, teamId: string) =>
  call(client, contract.tone.settings, { params: { teamId } });
const saveSettings = (client: ApiClient, teamId: string, body: UpdateToneSettingsBody) =>
  call(client, contract.tone.updateSettings, { params: { teamId }, body });
const sections = (client: ApiClient, teamId: string) =>
  call(client, contract.tone.listSections, { params: { teamId } });

describe("tone settings", () => {
  it("starts empty, trims, stores empty as null, and changes only the block named", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    expect((await settings(owner, teamId)).body).toEqual({
      productContext: null,
      brandTone: null,
    });

    const saved = await saveSettings(owner, teamId, {
      productContext: "  A budgeting app  ",
      brandTone: "\n Friendly \n",
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { productContext: "A budgeting app", brandTone: "Friendly" },
    });

    const cleared = await saveSettings(owner, teamId, { brandTone: "   " });
    expect(cleared.body).toEqual({ productContext: "A budgeting app", brandTone: null });
    await saveSettings(owner, teamId, { productContext: null });
    expect((await settings(owner, teamId)).body).toEqual({
      productContext: null,
      brandTone: null,
    });
  });

  it("refuses texts over 10,000 characters and empty bodies", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const refuse = (body: unknown) => fail(owner, contract.tone.updateSettings, { params: { teamId }, body });
    expect((await refuse({ productContext: "x".repeat(10_001) })).status).toBe(400);
    expect((await saveSettings(owner, teamId, { brandTone: "x".repeat(10_000) })).status).toBe(200);
    expect((await refuse({})).status).toBe(400);
    expect((await refuse({ brandTone: 5 })).status).toBe(400);
  });
});

describe("tone sections", () => {
  it("creates, lists in order, updates and deletes", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const team = { params: { teamId } };

    const first = await call(owner, contract.tone.createSection, { ...team, body: {} });
    expect(first).toMatchObject({
      status: 201,
      body: { title: "Untitled Section", description: "", rules: [], teamId },
    });
    const second = await call(owner, contract.tone.createSection, {
      ...team,
      body: {
        title: "  Errors  ",
        description: " How errors read ",
        rules: ["  Say sorry ", "   ", "Be brief"],
      },
    });
    expect(second.body).toMatchObject({
      title: "Errors",
      description: "How errors read",
      rules: ["Say sorry", "Be brief"],
    });

    const listed = await sections(owner, teamId);
    expect(listed.body.sections.map((s) => s.id)).toEqual([first.body.id, second.body.id]);

    const firstSection = { params: { id: first.body.id } };
    const updated = await call(owner, contract.tone.updateSection, {
      ...firstSection,
      body: { title: "Buttons", rules: [" Use verbs ", "", "\t"] },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { title: "Buttons", description: "", rules: ["Use verbs"] },
    });
    const retitled = await call(owner, contract.tone.updateSection, {
      ...firstSection,
      body: { title: "   ", description: "Labels" },
    });
    expect(retitled.body).toMatchObject({
      title: "Untitled Section",
      description: "Labels",
      rules: ["Use verbs"],
    });

    expect((await call(owner, contract.tone.removeSection, firstSection)).status).toBe(204);
    const after = await sections(owner, teamId);
    expect(after.body.sections.map((s) => s.id)).toEqual([second.body.id]);
    const gone = await fail(owner, contract.tone.updateSection, { ...firstSection, body: { title: "x" } });
    expect(gone.status).toBe(404);
    expect((await fail(owner, contract.tone.removeSection, { params: { id: "not-a-uuid" } })).status).toBe(
      400,
    );
  });

  it("refuses titles, rules and descriptions over the limits and writes nothing", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const tooMuch = [
      { title: "x".repeat(256) },
      { description: "x".repeat(10_001) },
      { rules: ["x".repeat(1_001)] },
      { rules: Array.from({ length: 201 }, (_, i) => `rule ${i}`) },
      { rules: "not a list" },
    ];
    for (const body of tooMuch) {
      expect((await fail(owner, contract.tone.createSection, { params: { teamId }, body })).status).toBe(400);
    }
    expect((await sections(owner, teamId)).body.sections).toEqual([]);

    const section = await call(owner, contract.tone.createSection, {
      params: { teamId },
      body: { title: "x".repeat(255), rules: Array.from({ length: 200 }, () => "y".repeat(1_000)) },
    });
    expect(section.status).toBe(201);
    for (const body of [...tooMuch, {}]) {
      const refused = await fail(owner, contract.tone.updateSection, {
        params: { id: section.body.id },
        body,
      });
      expect(refused.status).toBe(400);
    }
  });
});

describe("tone access", () => {
  it("lets a reviewer read but refuses every change with 403", async () => {
    const { owner, reviewer, teamId } = await teamWithReviewer();
    await saveSettings(owner, teamId, { productContext: "Context" });
    const section = await call(owner, contract.tone.createSection, {
      params: { teamId },
      body: { title: "Errors", rules: ["Be kind"] },
    });

    expect((await settings(reviewer, teamId)).body).toEqual({
      productContext: "Context",
      brandTone: null,
    });
    const listed = await sections(reviewer, teamId);
    expect(listed.body.sections).toMatchObject([{ title: "Errors", rules: ["Be kind"] }]);

    const id = section.body.id;
    const changes = [
      fail(reviewer, contract.tone.updateSettings, { params: { teamId }, body: { productContext: "Mine" } }),
      fail(reviewer, contract.tone.createSection, { params: { teamId }, body: {} }),
      fail(reviewer, contract.tone.updateSection, { params: { id }, body: { title: "Mine" } }),
      fail(reviewer, contract.tone.removeSection, { params: { id } }),
    ];
    for (const answer of await Promise.all(changes)) expect(answer.status).toBe(403);
    const unchanged = await sections(owner, teamId);
    expect(unchanged.body.sections).toMatchObject([{ title: "Errors" }]);
  });

  it("lets an admin change the tone", async () => {
    const { teamId } = await ownerWithProject(api(), []);
    const { client: admin } = await memberOf(api(), teamId, "admin");
    expect((await saveSettings(admin, teamId, { brandTone: "Calm" })).status).toBe(200);
    const created = await call(admin, contract.tone.createSection, { params: { teamId }, body: {} });
    expect(created.status).toBe(201);
  });

  it("answers 404 to someone outside the team, and 401 without a session", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const section = await call(owner, contract.tone.createSection, { params: { teamId }, body: {} });
    const outsider = await signInAs(await buildUser(api().app));
    const team = { params: { teamId } };
    const id = section.body.id;
    const calls = [
      fail(outsider, contract.tone.settings, team),
      fail(outsider, contract.tone.updateSettings, { ...team, body: { brandTone: "x" } }),
      fail(outsider, contract.tone.listSections, team),
      fail(outsider, contract.tone.createSection, { ...team, body: {} }),
      fail(outsider, contract.tone.updateSection, { params: { id }, body: { title: "x" } }),
      fail(outsider, contract.tone.removeSection, { params: { id } }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    expect((await fail(api().client(), contract.tone.settings, team)).status).toBe(401);
  });

  it("documents the tone routes in the OpenAPI document", async () => {
    // The document itself is no endpoint of the contract: a raw request.
    const doc = await api().client().request<{ paths: Record<string, unknown> }>("GET", "/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        "/teams/{teamId}/tone",
        "/teams/{teamId}/tone/sections",
        "/tone/sections/{id}",
      ]),
    );
  });
});
