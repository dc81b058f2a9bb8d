import { describe, expect, it } from "vitest";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import { apiAppForThisFile, ownerWithProject } from "../helpers/api-app.ts";
import { createApiKey, exportTexts, pullFrom } from "../helpers/transfer.ts";

/**
 * Issue 34: pseudo-localized text never leaves Sprog unless asked for (it is for testing layouts),
 * and AI output no person has checked is an export and pull option, included by default.
 */
const api = apiAppForThisFile();

async function world() {
  const { owner, projectId } = await ownerWithProject(api(), ["fr"]);
  const keyOf = async (key: string, sourceValue: string) => {
    const created = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key, sourceValue },
    });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const person = await keyOf("person", "Save");
  const pseudo = await keyOf("pseudo", "Cancel");
  const ai = await keyOf("ai", "Close");
  expect(
    (await owner.request("PUT", `/api/keys/${person}/strings/fr`, { body: { value: "Enregistrer" } })).status,
  ).toBe(200);
  // No AI_API_KEY here: the built-in provider pseudo-localizes.
  expect((await owner.request("POST", `/api/keys/${pseudo}/strings/fr/translate`, { body: {} })).status).toBe(
    200,
  );
  expect(
    (await owner.request("PUT", `/api/keys/${ai}/strings/fr`, { body: { value: "Fermer" } })).status,
  ).toBe(200);
  // As an AI provider leaves it: machine output no person has saved or approved.
  await api()
    .db.updateTable("translation_strings")
    .set({ machine: "ai" })
    .where("key_id", "=", ai)
    .where("language_code", "=", "fr")
    .execute();
  return { owner, projectId };
}

const french = (files: Record<string, string>) =>
  JSON.parse(files["fr.json"] ?? "{}") as Record<string, string>;

describe("machine text in exports and pulls", () => {
  it("exports without pseudo-localized text by default, with it when asked, and AI output unless asked not to", async () => {
    const { owner, projectId } = await world();
    const body = { languages: ["fr"], format: "json" };
    expect(french(await exportTexts(owner, projectId, body))).toEqual({
      person: "Enregistrer",
      ai: "Fermer",
    });
    const withPseudo = french(await exportTexts(owner, projectId, { ...body, includePseudo: true }));
    expect(withPseudo.pseudo).toMatch(/^\[Çáñçéĺ ~+\]$/);
    expect(french(await exportTexts(owner, projectId, { ...body, includeUnverifiedAi: false }))).toEqual({
      person: "Enregistrer",
    });
  });

  it("pulls the same way, each option its own ETag", async () => {
    const { owner, projectId } = await world();
    const { key } = await createApiKey(owner, projectId);
    const url = api().app.url;
    const ask = { format: "json", placeholderFormat: "web", language: "fr" };
    const plain = await pullFrom(url, ask, { key });
    expect(plain.json()).toEqual({ person: "Enregistrer", ai: "Fermer" });
    const withPseudo = await pullFrom(url, { ...ask, includePseudo: true }, { key });
    expect(Object.keys(withPseudo.json() as object)).toEqual(["person", "pseudo", "ai"]);
    expect(withPseudo.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    const checked = await pullFrom(url, { ...ask, includeUnverifiedAi: false }, { key });
    expect(checked.json()).toEqual({ person: "Enregistrer" });
  });
});
