import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
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

const api = apiAppForThisFile();

describe("projects", () => {
  it("creates a trimmed project with languages ['en'], kind web, source en", async () => {
    const owner = await signInAs(await buildUser(api().app));
    const team = await call(owner, contract.teams.create, { body: { name: "T" } });
    const created = await call(owner, contract.projects.create, {
      params: { teamId: team.body.id },
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
      const answer = await fail(owner, contract.projects.create, { params: { teamId }, body: { name } });
      expect(answer).toMatchObject({ status: 400, body: { error: { message } } });
    }
    const list = await call(owner, contract.projects.list, { params: { teamId } });
    expect(list.body.projects).toHaveLength(1);
  });

  it("lists by name, renames, changes the placeholder format, deletes", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), []);
    await call(owner, contract.projects.create, { params: { teamId }, body: { name: "beta" } });
    const renamed = await call(owner, contract.projects.update, {
      params: { projectId },
      body: { name: "Zulu", placeholderFormat: "ios" },
    });
    expect(renamed.body).toMatchObject({ name: "Zulu", placeholderFormat: "ios" });
    const bad = await fail(owner, contract.projects.update, {
      params: { projectId },
      body: { placeholderFormat: "xml" },
    });
    expect(bad.status).toBe(400);
    const list = await call(owner, contract.projects.list, { params: { teamId } });
    expect(list.body.projects.map((p) => p.name)).toEqual(["beta", "Zulu"]);

    expect((await call(owner, contract.projects.remove, { params: { projectId } })).status).toBe(204);
    expect((await fail(owner, contract.keys.list, { params: { projectId } })).status).toBe(404);
  });
});

describe("languages", () => {
  it("adds, reorders and removes; source stays; duplicates and unknown codes refused", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const set = (languages: string[]) =>
      call(owner, contract.projects.setLanguages, { params: { projectId }, body: { languages } });
    const refuse = (languages: string[]) =>
      fail(owner, contract.projects.setLanguages, { params: { projectId }, body: { languages } });

    expect((await set(["en", "de", "pt-BR", "ja"])).body.languages).toEqual(["en", "de", "pt-BR", "ja"]);
    expect((await set(["en", "ja", "de", "pt-BR"])).body.languages).toEqual(["en", "ja", "de", "pt-BR"]);

    const duplicate = await refuse(["en", "de", "de"]);
    expect(duplicate).toMatchObject({
      status: 400,
      body: { error: { message: "German is already in the project" } },
    });
    const unknown = await refuse(["en", "xx-YY"]);
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: { message: "Unknown language code: xx-YY" } },
    });
    const withoutSource = await refuse(["de"]);
    expect(withoutSource.status).toBe(400);
    expect(withoutSource.body).toMatchObject({
      error: { message: expect.stringContaining("source language") },
    });
    const empty = await refuse([]);
    expect(empty).toMatchObject({
      status: 400,
      body: { error: { message: "A project needs at least one language" } },
    });

    const teamId = (await set(["en", "de"])).body.teamId;
    const project = await call(owner, contract.projects.list, { params: { teamId } });
    expect(project.body.projects[0]?.languages).toEqual(["en", "de"]);
  });

  it("keeps the strings of a removed language, and brings them back with it", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await buildKey(owner, projectId, "hello", { source: "Hello", strings: { de: "Hallo" } });
    const params = { projectId };
    await call(owner, contract.projects.setLanguages, { params, body: { languages: ["en"] } });
    const without = await call(owner, contract.keys.list, { params, query: {} });
    expect(Object.keys(without.body.keys[0]?.strings ?? {})).toEqual(["en"]);

    await call(owner, contract.projects.setLanguages, { params, body: { languages: ["en", "de"] } });
    const back = await call(owner, contract.keys.list, { params, query: {} });
    expect(back.body.keys[0]?.strings.de?.value).toBe("Hallo");
  });

  it("reports completion per language", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const a = await buildKey(owner, projectId, "a", { source: "A" });
    const b = await buildKey(owner, projectId, "b", { source: "B" });
    await buildKey(owner, projectId, "c");
    await saveString(owner, a, "de", "A-de");
    await saveString(owner, b, "de", "B-de");
    await saveString(owner, a, "fr", "");

    const completion = await call(owner, contract.projects.completion, { params: { projectId } });
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
    const { client: admin } = await memberOf(api(), teamId, "admin");
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    const outsider = await signInAs(await buildUser(api().app));
    const inTeam = { teamId };
    const project = { projectId };

    const byAdmin = await call(admin, contract.projects.create, {
      params: inTeam,
      body: { name: "By admin" },
    });
    expect(byAdmin.status).toBe(201);
    const languages = await call(admin, contract.projects.setLanguages, {
      params: project,
      body: { languages: ["en", "de", "fr"] },
    });
    expect(languages.status).toBe(200);

    const reviewerCreate = await fail(reviewer, contract.projects.create, {
      params: inTeam,
      body: { name: "No" },
    });
    expect(reviewerCreate).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect(
      (await fail(reviewer, contract.projects.update, { params: project, body: { name: "No" } })).status,
    ).toBe(403);
    expect((await fail(reviewer, contract.projects.remove, { params: project })).status).toBe(403);
    expect(
      (await fail(reviewer, contract.projects.setLanguages, { params: project, body: { languages: ["en"] } }))
        .status,
    ).toBe(403);
    expect((await call(reviewer, contract.projects.list, { params: inTeam })).status).toBe(200);
    expect((await call(reviewer, contract.projects.completion, { params: project })).status).toBe(200);

    const outsiderCalls = {
      list: () => fail(outsider, contract.projects.list, { params: inTeam }),
      create: () => fail(outsider, contract.projects.create, { params: inTeam, body: { name: "x" } }),
      update: () => fail(outsider, contract.projects.update, { params: project, body: { name: "x" } }),
      remove: () => fail(outsider, contract.projects.remove, { params: project }),
      keys: () => fail(outsider, contract.keys.list, { params: project }),
      completion: () => fail(outsider, contract.projects.completion, { params: project }),
    };
    for (const [name, send] of Object.entries(outsiderCalls)) {
      expect((await send()).status, name).toBe(404);
    }
    // A malformed id is refused before anything is looked up (issue 16).
    expect(await fail(outsider, contract.keys.list, { params: { projectId: "not-a-uuid" } })).toMatchObject({
      status: 400,
      body: { error: { code: "bad_request", message: '"not-a-uuid" is not a valid id' } },
    });
    const still = await call(owner, contract.projects.list, { params: inTeam });
    expect(still.body.projects.map((p) => p.name).sort()).toEqual(["App", "By admin"]);
  });
});
