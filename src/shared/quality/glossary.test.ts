import { describe, expect, it } from "vitest";
import { entry, finding, ids } from "./test-helpers.ts";

const glossary = [
  entry("Workspace", {
    translations: { de: "Arbeitsbereich", ru: "рабочее пространство", ja: "ワークスペース" },
  }),
  entry("Sprog", { doNotTranslate: true, caseSensitive: true }),
  entry("click", { forbidden: true, translations: { de: "klicken" } }),
  entry("Sign in", { translations: { de: "Anmelden" } }),
  entry("Sign in page", { translations: { de: "Anmeldeseite" } }),
];
const withGlossary = { glossary };

describe("glossary: term not used", () => {
  it("flags a source term whose approved translation is missing", () => {
    expect(
      finding("glossary_missing", "Open the workspace", "Öffne den Bereich", "de", withGlossary),
    ).toEqual({
      id: "glossary_missing",
      severity: "warning",
      message: "Missing the glossary term “Workspace” (use “Arbeitsbereich”)",
    });
  });

  it("accepts the approved translation in any case, inflected, and in unspaced scripts", () => {
    expect(ids("Open the workspace", "Arbeitsbereich öffnen", "de", withGlossary)).toEqual([]);
    expect(ids("All workspaces", "Alle Arbeitsbereiche", "de", withGlossary)).toEqual([]);
    expect(ids("In the workspace", "В рабочем пространстве", "ru", withGlossary)).toEqual([]);
    expect(ids("Open the workspace", "ワークスペースを開く", "ja", withGlossary)).toEqual([]);
  });

  it("keeps do-not-translate names as written", () => {
    expect(ids("Welcome to Sprog", "Willkommen bei Sprog", "de", withGlossary)).toEqual([]);
    expect(
      finding("glossary_missing", "Welcome to Sprog", "Willkommen bei sprog", "de", withGlossary)?.message,
    ).toBe("Missing the name “Sprog” (keep it as it is)");
  });

  it("uses the longer of overlapping terms and skips terms without a translation", () => {
    expect(ids("Go to the sign in page", "Zur Anmeldeseite", "de", withGlossary)).toEqual([]);
    expect(ids("Open the workspace", "Abrir el espacio", "es", withGlossary)).toEqual([]);
  });

  it("lists every missing term in one finding", () => {
    expect(finding("glossary_missing", "Sign in to your workspace", "Los", "de", withGlossary)?.message).toBe(
      "Missing the glossary term “Sign in” (use “Anmelden”); Missing the glossary term “Workspace” (use “Arbeitsbereich”)",
    );
  });
});

describe("glossary: forbidden term", () => {
  it("flags a forbidden word in the translation's language", () => {
    expect(
      finding("glossary_forbidden", "Press the button", "Auf den Knopf klicken", "de", withGlossary),
    ).toEqual({
      id: "glossary_forbidden",
      severity: "warning",
      message: "Uses the forbidden term “klicken”",
    });
    expect(ids("Press here", "Hier drücken", "de", withGlossary)).toEqual([]);
    expect(ids("Press here", "Click ici", "fr", withGlossary)).toEqual([]); // no French form given
  });

  it("flags the forbidden term itself in a source-language text", () => {
    expect(finding("glossary_forbidden", undefined, "Click here", "en", withGlossary)?.message).toBe(
      "Uses the forbidden term “click”",
    );
    expect(ids(undefined, "Clicker here", "en", withGlossary)).toEqual([]);
  });
});
