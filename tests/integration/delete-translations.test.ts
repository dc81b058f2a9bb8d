import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, buildUser, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";

const api = apiAppForThisFile();

describe("deleting all translations of a language", () => {
  it("removes them from the project, keeps each in history, and a value can be restored", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const ids: string[] = [];
    for (const key of ["a", "b", "c"]) {
      ids.push(
        await buildKey(owner, projectId, key, { source: key, strings: { de: `${key}-de`, fr: `${key}-fr` } }),
      );
    }
    const answer = await call(owner, contract.strings.clearLanguage, { params: { projectId, lang: "de" } });
    expect(answer).toMatchObject({ status: 200, body: { deleted: 3 } });

    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(list.body.keys.every((k) => k.strings.de === undefined && k.strings.fr !== undefined)).toBe(true);

    const cell = { keyId: ids[0] ?? "", lang: "de" };
    const history = await call(owner, contract.strings.history, { params: cell });
    expect(history.body.entries.map((e) => [e.value, e.version])).toEqual([
      [null, 2],
      ["a-de", 1],
    ]);
    const older = history.body.entries[1];
    if (!older) throw new Error("the history has no older entry");
    const restored = await call(owner, contract.strings.restore, {
      params: cell,
      body: { historyId: older.id },
    });
    expect(restored.body.cell.value).toBe("a-de");

    const french = { projectId, lang: "fr" };
    const again = await call(owner, contract.strings.clearLanguage, { params: french });
    expect(again.body).toEqual({ deleted: 3 });
    const none = await fail(owner, contract.strings.clearLanguage, { params: french });
    expect(none).toMatchObject({
      status: 404,
      body: { error: { message: "No translations found for French" } },
    });
  });

  it("refuses the source language and languages the project does not have", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const source = await fail(owner, contract.strings.clearLanguage, { params: { projectId, lang: "en" } });
    expect(source.status).toBe(400);
    const other = await fail(owner, contract.strings.clearLanguage, { params: { projectId, lang: "ja" } });
    expect(other).toMatchObject({
      status: 400,
      body: { error: { message: "Japanese is not a language of this project" } },
    });
  });

  it("reviewers may not delete translations; outsiders get 404", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    await buildKey(owner, projectId, "k", { source: "K", strings: { de: "K-de" } });
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    const outsider = await signInAs(await buildUser(api().app));
    const german = { params: { projectId, lang: "de" } };
    expect((await fail(reviewer, contract.strings.clearLanguage, german)).status).toBe(403);
    expect((await fail(outsider, contract.strings.clearLanguage, german)).status).toBe(404);
    const list = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(list.body.keys[0]?.strings.de?.value).toBe("K-de");
  });
});
