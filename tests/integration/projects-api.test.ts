import { describe, expect, it } from "vitest";
import type { LanguageCompletion, Project } from "../../src/shared/schemas/projects.ts";
import { addMember, apiAppForThisFile, ownerWithProject, uniqueEmail } from "../helpers/api-app.ts";

const api = apiAppForThisFile();

describe("projects", () => {
  it("creates a trimmed project with languages ['en'], kind web, source en", async () => {
    const owner = await api().signIn(uniqueEmail());
    const team = await owner.request<{ id: string }>("POST", "/api/teams", { body: { name: "T" } });
    const created = await owner.request<Project>("POST", `/api/teams/${team.body.id}/projects`, {
      body: { name: "  Mobile app  " },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Mobile app",
      languages: ["en"],
      kind: "web",
      sourceLanguage: "en",
      placeholderFormat: "web",
      teamId: team.body.id,
    });
  });

  it("refuses bad names with the spec's text and writes nothing", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    for (const [name, message] of [
      ["   ", "Project name is required"],
      ["x".repeat(256), "Project name must be at most 255 characters"],
    ]) {
      const answer = await owner.request("POST", `/api/teams/${teamId}/projects`, { body: { name } });
      expect(answer).toMatchObject({ status: 400, body: { error: { message } } });
    }
    const list = await owner.request<{ projects: Project[] }>("GET", `/api/teams/${teamId}/projects`);
    expect(list.body.projects).toHaveLength(1);
  });

  it("lists by name, renames, changes the placeholder format, deletes", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), []);
    await owner.request("POST", `/api/teams/${teamId}/projects`, { body: { name: "beta" } });
    const renamed = await owner.request<Project>("PATCH", `/api/projects/${projectId}`, {
      body: { name: "Zulu", placeholderFormat: "ios" },
    });
    expect(renamed.body).toMatchObject({ name: "Zulu", placeholderFormat: "ios" });
    const bad = await owner.request("PATCH", `/api/projects/${projectId}`, {
      body: { placeholderFormat: "xml" },
    });
    expect(bad.status).toBe(400);
    const list = await owner.request<{ projects: Project[] }>("GET", `/api/teams/${teamId}/projects`);
    expect(list.body.projects.map((p) => p.name)).toEqual(["beta", "Zulu"]);

    expect((await owner.request("DELETE", `/api/projects/${projectId}`)).status).toBe(204);
    expect((await owner.request("GET", `/api/projects/${projectId}/keys`)).status).toBe(404);
  });
});

describe("languages", () => {
  it("adds, reorders and removes; source stays; duplicates and unknown codes refused", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const path = `/api/projects/${projectId}/languages`;
    const set = (languages: string[]) => owner.request<Project>("PUT", path, { body: { languages } });

    expect((await set(["en", "de", "pt-BR", "ja"])).body.languages).toEqual(["en", "de", "pt-BR", "ja"]);
    expect((await set(["en", "ja", "de", "pt-BR"])).body.languages).toEqual(["en", "ja", "de", "pt-BR"]);

    const duplicate = await set(["en", "de", "de"]);
    expect(duplicate).toMatchObject({
      status: 400,
      body: { error: { message: "German is already in the project" } },
    });
    const unknown = await set(["en", "xx-YY"]);
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: { message: "Unknown language code: xx-YY" } },
    });
    const withoutSource = await set(["de"]);
    expect(withoutSource.status).toBe(400);
    expect(withoutSource.body).toMatchObject({
      error: { message: expect.stringContaining("source language") },
    });
    const empty = await set([]);
    expect(empty).toMatchObject({
      status: 400,
      body: { error: { message: "A project needs at least one language" } },
    });

    const project = await owner.request<{ projects: Project[] }>(
      "GET",
      `/api/teams/${(await set(["en", "de"])).body.teamId}/projects`,
    );
    expect(project.body.projects[0]?.languages).toEqual(["en", "de"]);
  });

  it("keeps the strings of a removed language, and brings them back with it", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const key = await owner.request<{ id: string }>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "hello", sourceValue: "Hello" },
    });
    await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: "Hallo" } });
    await owner.request("PUT", `/api/projects/${projectId}/languages`, { body: { languages: ["en"] } });
    const without = await owner.request<{ keys: { strings: Record<string, unknown> }[] }>(
      "GET",
      `/api/projects/${projectId}/keys`,
    );
    expect(Object.keys(without.body.keys[0]?.strings ?? {})).toEqual(["en"]);

    await owner.request("PUT", `/api/projects/${projectId}/languages`, { body: { languages: ["en", "de"] } });
    const back = await owner.request<{ keys: { strings: Record<string, { value: string }> }[] }>(
      "GET",
      `/api/projects/${projectId}/keys`,
    );
    expect(back.body.keys[0]?.strings.de?.value).toBe("Hallo");
  });

  it("reports completion per language", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const add = (key: string, sourceValue?: string) =>
      owner.request<{ id: string }>("POST", `/api/projects/${projectId}/keys`, {
        body: sourceValue === undefined ? { key } : { key, sourceValue },
      });
    const a = await add("a", "A");
    const b = await add("b", "B");
    await add("c");
    await owner.request("PUT", `/api/keys/${a.body.id}/strings/de`, { body: { value: "A-de" } });
    await owner.request("PUT", `/api/keys/${b.body.id}/strings/de`, { body: { value: "B-de" } });
    await owner.request("PUT", `/api/keys/${a.body.id}/strings/fr`, { body: { value: "" } });

    const completion = await owner.request<{ languages: LanguageCompletion[] }>(
      "GET",
      `/api/projects/${projectId}/completion`,
    );
    expect(completion.body.languages).toEqual([
      {
        code: "en",
        isComplete: false,
        missingKeys: 1,
        translatedKeys: 2,
        totalKeys: 3,
        unverifiedKeys: 0,
        pseudoKeys: 0,
      },
      {
        code: "de",
        isComplete: true,
        missingKeys: 0,
        translatedKeys: 2,
        totalKeys: 3,
        unverifiedKeys: 0,
        pseudoKeys: 0,
      },
      {
        code: "fr",
        isComplete: false,
        missingKeys: 2,
        translatedKeys: 0,
        totalKeys: 3,
        unverifiedKeys: 0,
        pseudoKeys: 0,
      },
    ]);
  });
});

describe("permissions (spec point 6)", () => {
  it("admins manage projects and languages; reviewers may not; outsiders get 404", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const adminEmail = uniqueEmail("admin");
    const reviewerEmail = uniqueEmail("reviewer");
    const admin = await api().signIn(adminEmail);
    const reviewer = await api().signIn(reviewerEmail);
    const outsider = await api().signIn(uniqueEmail("outsider"));
    await addMember(api().db, teamId, adminEmail, "admin");
    await addMember(api().db, teamId, reviewerEmail, "reviewer");

    expect(
      (await admin.request("POST", `/api/teams/${teamId}/projects`, { body: { name: "By admin" } })).status,
    ).toBe(201);
    expect(
      (
        await admin.request("PUT", `/api/projects/${projectId}/languages`, {
          body: { languages: ["en", "de", "fr"] },
        })
      ).status,
    ).toBe(200);

    const reviewerCreate = await reviewer.request("POST", `/api/teams/${teamId}/projects`, {
      body: { name: "No" },
    });
    expect(reviewerCreate).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect(
      (await reviewer.request("PATCH", `/api/projects/${projectId}`, { body: { name: "No" } })).status,
    ).toBe(403);
    expect((await reviewer.request("DELETE", `/api/projects/${projectId}`)).status).toBe(403);
    expect(
      (await reviewer.request("PUT", `/api/projects/${projectId}/languages`, { body: { languages: ["en"] } }))
        .status,
    ).toBe(403);
    expect((await reviewer.request("GET", `/api/teams/${teamId}/projects`)).status).toBe(200);
    expect((await reviewer.request("GET", `/api/projects/${projectId}/completion`)).status).toBe(200);

    for (const [method, path] of [
      ["GET", `/api/teams/${teamId}/projects`],
      ["POST", `/api/teams/${teamId}/projects`],
      ["PATCH", `/api/projects/${projectId}`],
      ["DELETE", `/api/projects/${projectId}`],
      ["GET", `/api/projects/${projectId}/keys`],
      ["GET", `/api/projects/${projectId}/completion`],
    ] as const) {
      const answer = await outsider.request(method, path, {
        body: method === "GET" || method === "DELETE" ? undefined : { name: "x" },
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    // A malformed id is refused before anything is looked up (issue 16).
    expect(await outsider.request("GET", "/api/projects/not-a-uuid/keys")).toMatchObject({
      status: 400,
      body: { error: { code: "bad_request", message: '"not-a-uuid" is not a valid id' } },
    });
    const still = await owner.request<{ projects: Project[] }>("GET", `/api/teams/${teamId}/projects`);
    expect(still.body.projects.map((p) => p.name).sort()).toEqual(["App", "By admin"]);
  });
});
