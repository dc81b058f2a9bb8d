import { describe, expect, it } from "vitest";
import type { HistoryEntry, KeyRow, SavedString } from "../../src/shared/schemas/keys.ts";
import { addMember, apiAppForThisFile, ownerWithProject, uniqueEmail } from "../helpers/api-app.ts";

const api = apiAppForThisFile();

describe("deleting all translations of a language", () => {
  it("removes them from the project, keeps each in history, and a value can be restored", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de", "fr"]);
    const ids: string[] = [];
    for (const key of ["a", "b", "c"]) {
      const created = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
        body: { key, sourceValue: key },
      });
      ids.push(created.body.id);
      await owner.request("PUT", `/api/keys/${created.body.id}/strings/de`, { body: { value: `${key}-de` } });
      await owner.request("PUT", `/api/keys/${created.body.id}/strings/fr`, { body: { value: `${key}-fr` } });
    }
    const answer = await owner.request("DELETE", `/api/projects/${projectId}/strings/de`);
    expect(answer).toMatchObject({ status: 200, body: { deleted: 3 } });

    const list = await owner.request<{ keys: KeyRow[] }>("GET", `/api/projects/${projectId}/keys`);
    expect(list.body.keys.every((k) => k.strings.de === undefined && k.strings.fr !== undefined)).toBe(true);

    const history = await owner.request<{ entries: HistoryEntry[] }>(
      "GET",
      `/api/keys/${ids[0]}/strings/de/history`,
    );
    expect(history.body.entries.map((e) => [e.value, e.version])).toEqual([
      [null, 2],
      ["a-de", 1],
    ]);
    const restored = await owner.request<SavedString>("POST", `/api/keys/${ids[0]}/strings/de/restore`, {
      body: { historyId: history.body.entries[1]?.id },
    });
    expect(restored.body.cell.value).toBe("a-de");

    const again = await owner.request("DELETE", `/api/projects/${projectId}/strings/fr`);
    expect(again.body).toEqual({ deleted: 3 });
    const none = await owner.request("DELETE", `/api/projects/${projectId}/strings/fr`);
    expect(none).toMatchObject({
      status: 404,
      body: { error: { message: "No translations found for French" } },
    });
  });

  it("refuses the source language and languages the project does not have", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const source = await owner.request("DELETE", `/api/projects/${projectId}/strings/en`);
    expect(source.status).toBe(400);
    const other = await owner.request("DELETE", `/api/projects/${projectId}/strings/ja`);
    expect(other).toMatchObject({
      status: 400,
      body: { error: { message: "Japanese is not a language of this project" } },
    });
  });

  it("reviewers may not delete translations; outsiders get 404", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "k", sourceValue: "K" },
    });
    await owner.request("PUT", `/api/keys/${key.body.id}/strings/de`, { body: { value: "K-de" } });
    const reviewerEmail = uniqueEmail("reviewer");
    const reviewer = await api().signIn(reviewerEmail);
    await addMember(api().db, teamId, reviewerEmail, "reviewer");
    const outsider = await api().signIn(uniqueEmail("outsider"));
    expect((await reviewer.request("DELETE", `/api/projects/${projectId}/strings/de`)).status).toBe(403);
    expect((await outsider.request("DELETE", `/api/projects/${projectId}/strings/de`)).status).toBe(404);
    const list = await owner.request<{ keys: KeyRow[] }>("GET", `/api/projects/${projectId}/keys`);
    expect(list.body.keys[0]?.strings.de?.value).toBe("K-de");
  });
});
