import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject, saveString } from "../helpers/factories.ts";
import {
  createApiKey,
  type ExportOptions,
  exportTexts,
  type PullBody,
  pullFrom,
} from "../helpers/transfer.ts";

/**
 * Issue 34: pseudo-localized text never leaves Sprog unless asked for (it is for testing layouts),
 * and AI output no person has checked is an export and pull option, included by default.
 */
const api = apiAppForThisFile();

async function world() {
  const { owner, projectId } = await ownerWithProject(api(), ["fr"]);
  await buildKey(owner, projectId, "person", { source: "Save", strings: { fr: "Enregistrer" } });
  const pseudo = await buildKey(owner, projectId, "pseudo", { source: "Cancel" });
  const ai = await buildKey(owner, projectId, "ai", { source: "Close" });
  // No AI_API_KEY here: the built-in provider pseudo-localizes.
  const translated = await call(owner, contract.ai.translate, {
    params: { keyId: pseudo, lang: "fr" },
    body: {},
  });
  expect(translated.status).toBe(200);
  await saveString(owner, ai, "fr", "Fermer");
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
    const body: ExportOptions = { languages: ["fr"], format: "json" };
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
    const ask: PullBody = {
      format: "json",
      placeholderFormat: "web",
      language: "fr",
    };
    const plain = await pullFrom(url, ask, { key });
    expect(plain.json()).toEqual({ person: "Enregistrer", ai: "Fermer" });
    const withPseudo = await pullFrom(url, { ...ask, includePseudo: true }, { key });
    expect(Object.keys(withPseudo.json() as object)).toEqual(["person", "pseudo", "ai"]);
    expect(withPseudo.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    const checked = await pullFrom(url, { ...ask, includeUnverifiedAi: false }, { key });
    expect(checked.json()).toEqual({ person: "Enregistrer" });
  });
});
