import { describe, expect, it } from "vitest";
import type { ToneSection, ToneSettings } from "../../src/shared/schemas/tone.ts";
import { addMember, apiAppForThisFile, ownerWithProject, uniqueEmail } from "../helpers/api-app.ts";

const api = apiAppForThisFile();

async function teamWithReviewer() {
  const { owner, teamId } = await ownerWithProject(api(), []);
  const reviewerEmail = uniqueEmail("reviewer");
  const reviewer = await api().signIn(reviewerEmail);
  await addMember(api().db, teamId, reviewerEmail, "reviewer");
  return { owner, reviewer, teamId };
}

describe("tone settings", () => {
  it("starts empty, trims, stores empty as null, and changes only the block named", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const path = `/api/teams/${teamId}/tone`;
    expect((await owner.request<ToneSettings>("GET", path)).body).toEqual({
      productContext: null,
      brandTone: null,
    });

    const saved = await owner.request<ToneSettings>("PUT", path, {
      body: { productContext: "  A budgeting app  ", brandTone: "\n Friendly \n" },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { productContext: "A budgeting app", brandTone: "Friendly" },
    });

    const cleared = await owner.request<ToneSettings>("PUT", path, { body: { brandTone: "   " } });
    expect(cleared.body).toEqual({ productContext: "A budgeting app", brandTone: null });
    await owner.request("PUT", path, { body: { productContext: null } });
    expect((await owner.request<ToneSettings>("GET", path)).body).toEqual({
      productContext: null,
      brandTone: null,
    });
  });

  it("refuses texts over 10,000 characters and empty bodies", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const path = `/api/teams/${teamId}/tone`;
    expect((await owner.request("PUT", path, { body: { productContext: "x".repeat(10_001) } })).status).toBe(
      400,
    );
    expect((await owner.request("PUT", path, { body: { brandTone: "x".repeat(10_000) } })).status).toBe(200);
    expect((await owner.request("PUT", path, { body: {} })).status).toBe(400);
    expect((await owner.request("PUT", path, { body: { brandTone: 5 } })).status).toBe(400);
  });
});

describe("tone sections", () => {
  it("creates, lists in order, updates and deletes", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const list = `/api/teams/${teamId}/tone/sections`;

    const first = await owner.request<ToneSection>("POST", list, { body: {} });
    expect(first).toMatchObject({
      status: 201,
      body: { title: "Untitled Section", description: "", rules: [], teamId },
    });
    const second = await owner.request<ToneSection>("POST", list, {
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

    const listed = await owner.request<{ sections: ToneSection[] }>("GET", list);
    expect(listed.body.sections.map((s) => s.id)).toEqual([first.body.id, second.body.id]);

    const updated = await owner.request<ToneSection>("PATCH", `/api/tone/sections/${first.body.id}`, {
      body: { title: "Buttons", rules: [" Use verbs ", "", "\t"] },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { title: "Buttons", description: "", rules: ["Use verbs"] },
    });
    const retitled = await owner.request<ToneSection>("PATCH", `/api/tone/sections/${first.body.id}`, {
      body: { title: "   ", description: "Labels" },
    });
    expect(retitled.body).toMatchObject({
      title: "Untitled Section",
      description: "Labels",
      rules: ["Use verbs"],
    });

    expect((await owner.request("DELETE", `/api/tone/sections/${first.body.id}`)).status).toBe(204);
    const after = await owner.request<{ sections: ToneSection[] }>("GET", list);
    expect(after.body.sections.map((s) => s.id)).toEqual([second.body.id]);
    expect(
      (await owner.request("PATCH", `/api/tone/sections/${first.body.id}`, { body: { title: "x" } })).status,
    ).toBe(404);
    expect((await owner.request("DELETE", `/api/tone/sections/not-a-uuid`)).status).toBe(400);
  });

  it("refuses titles, rules and descriptions over the limits and writes nothing", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const list = `/api/teams/${teamId}/tone/sections`;
    const tooMuch = [
      { title: "x".repeat(256) },
      { description: "x".repeat(10_001) },
      { rules: ["x".repeat(1_001)] },
      { rules: Array.from({ length: 201 }, (_, i) => `rule ${i}`) },
      { rules: "not a list" },
    ];
    for (const body of tooMuch) {
      expect((await owner.request("POST", list, { body })).status).toBe(400);
    }
    expect((await owner.request<{ sections: ToneSection[] }>("GET", list)).body.sections).toEqual([]);

    const section = await owner.request<ToneSection>("POST", list, {
      body: { title: "x".repeat(255), rules: Array.from({ length: 200 }, () => "y".repeat(1_000)) },
    });
    expect(section.status).toBe(201);
    for (const body of [...tooMuch, {}]) {
      expect((await owner.request("PATCH", `/api/tone/sections/${section.body.id}`, { body })).status).toBe(
        400,
      );
    }
  });
});

describe("tone access", () => {
  it("lets a reviewer read but refuses every change with 403", async () => {
    const { owner, reviewer, teamId } = await teamWithReviewer();
    await owner.request("PUT", `/api/teams/${teamId}/tone`, { body: { productContext: "Context" } });
    const section = await owner.request<ToneSection>("POST", `/api/teams/${teamId}/tone/sections`, {
      body: { title: "Errors", rules: ["Be kind"] },
    });

    expect((await reviewer.request<ToneSettings>("GET", `/api/teams/${teamId}/tone`)).body).toEqual({
      productContext: "Context",
      brandTone: null,
    });
    const sections = await reviewer.request<{ sections: ToneSection[] }>(
      "GET",
      `/api/teams/${teamId}/tone/sections`,
    );
    expect(sections.body.sections).toMatchObject([{ title: "Errors", rules: ["Be kind"] }]);

    const changes = [
      reviewer.request("PUT", `/api/teams/${teamId}/tone`, { body: { productContext: "Mine" } }),
      reviewer.request("POST", `/api/teams/${teamId}/tone/sections`, { body: {} }),
      reviewer.request("PATCH", `/api/tone/sections/${section.body.id}`, { body: { title: "Mine" } }),
      reviewer.request("DELETE", `/api/tone/sections/${section.body.id}`),
    ];
    for (const answer of await Promise.all(changes)) expect(answer.status).toBe(403);
    const unchanged = await owner.request<{ sections: ToneSection[] }>(
      "GET",
      `/api/teams/${teamId}/tone/sections`,
    );
    expect(unchanged.body.sections).toMatchObject([{ title: "Errors" }]);
  });

  it("lets an admin change the tone", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    void owner;
    const adminEmail = uniqueEmail("admin");
    const admin = await api().signIn(adminEmail);
    await addMember(api().db, teamId, adminEmail, "admin");
    expect(
      (await admin.request("PUT", `/api/teams/${teamId}/tone`, { body: { brandTone: "Calm" } })).status,
    ).toBe(200);
    expect((await admin.request("POST", `/api/teams/${teamId}/tone/sections`, { body: {} })).status).toBe(
      201,
    );
  });

  it("answers 404 to someone outside the team, and 401 without a session", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const section = await owner.request<ToneSection>("POST", `/api/teams/${teamId}/tone/sections`, {
      body: {},
    });
    const outsider = await api().signIn(uniqueEmail("outsider"));
    const calls = [
      outsider.request("GET", `/api/teams/${teamId}/tone`),
      outsider.request("PUT", `/api/teams/${teamId}/tone`, { body: { brandTone: "x" } }),
      outsider.request("GET", `/api/teams/${teamId}/tone/sections`),
      outsider.request("POST", `/api/teams/${teamId}/tone/sections`, { body: {} }),
      outsider.request("PATCH", `/api/tone/sections/${section.body.id}`, { body: { title: "x" } }),
      outsider.request("DELETE", `/api/tone/sections/${section.body.id}`),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    expect((await api().client().request("GET", `/api/teams/${teamId}/tone`)).status).toBe(401);
  });

  it("documents the tone routes in the OpenAPI document", async () => {
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
