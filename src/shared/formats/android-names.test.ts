import { describe, expect, it } from "vitest";
import { aaptAcceptsFormat, androidResourceName, validAndroidName } from "./android-names.ts";
import { OUT } from "./android-test-fixtures.ts";

describe("what aapt2 refuses in an Android file written from another format (issue 33)", () => {
  it("keeps names aapt2 takes, and writes the others with _ for what it refuses, never twice", () => {
    const keys = ["home.title", "a-b", "ä_x", "Choose a time", "3kU-n2-fha.title", "a:b", "a b", "a_b"];
    // The file's own valid names are taken first, so a name written for another key never clashes.
    const taken = new Set(keys.filter(validAndroidName));
    const names = keys.map((key) => androidResourceName(key, taken));
    expect(names).toEqual([
      "home.title",
      "a-b",
      "ä_x",
      "Choose_a_time",
      "_3kU-n2-fha.title",
      "a_b_2",
      "a_b_3",
      "a_b",
    ]);
  });

  it("says which texts aapt2 refuses as format strings, as its own check does", () => {
    expect(aaptAcceptsFormat("%s and %s")).toBe(false);
    expect(aaptAcceptsFormat("%d%% of %s")).toBe(false);
    expect(aaptAcceptsFormat("%1$s and %2$s")).toBe(true);
    expect(aaptAcceptsFormat("%s")).toBe(true);
    expect(aaptAcceptsFormat("50% off")).toBe(true);
    expect(aaptAcceptsFormat("100%% sure, %s")).toBe(true);
    expect(aaptAcceptsFormat("%1$s of %s")).toBe(false);
    expect(aaptAcceptsFormat("%-5s %s at %tH")).toBe(false);
    expect(aaptAcceptsFormat("%s %s on %tm")).toBe(false);
  });
});

describe("an Android file written under names Android takes reads back as the keys it came from", () => {
  it("keeps the key in tools:key and reads it back, a list's name too", async () => {
    const { androidXmlFormat } = await import("./android-xml.ts");
    const entries = [
      { key: "API Key", value: "API-Schlüssel" },
      { key: "Choose a time", value: "Zeit wählen" },
      { key: "home.title", value: "Start" },
      { key: "a b[0]", value: "eins" },
      { key: "a b[1]", value: "zwei" },
    ];
    const [file] = await androidXmlFormat.serialize({ de: entries }, OUT);
    const text = new TextDecoder().decode(file?.bytes);
    expect(text).toContain('<string name="API_Key" tools:key="API Key">');
    expect(text).toContain('<string name="home.title">');
    expect(text).toContain('xmlns:tools="http://schemas.android.com/tools"');
    const parsed = await androidXmlFormat.parse(file?.bytes ?? new Uint8Array(), {
      language: "de",
      sourceLanguage: "en",
    });
    expect(parsed.languages.de?.map((entry) => [entry.key, entry.value])).toEqual(
      entries.map((entry) => [entry.key, entry.value]),
    );
  });
});
