import { describe, expect, it } from "vitest";
import { choicesProblem, columnsOption, guessedChoices } from "./column-choices.ts";

describe("column choices", () => {
  it("start from the server's guess; a code Sprog does not know shows as ignored", () => {
    expect(guessedChoices(["Key", "value", "xx", "Deutsch", "Max Length", "tags", "context"], "fr")).toEqual([
      "key",
      "language:fr",
      "ignore",
      "language:de",
      "maxLength",
      "tags",
      "context",
    ]);
    expect(guessedChoices(["Key", "value"], "")).toEqual(["key", "ignore"]);
  });

  it("become the import's columns option, by index, ignored columns left out", () => {
    expect(
      columnsOption(["ignore", "language:en", "key", "tags", "maxLength", "context", "description"]),
    ).toEqual({
      key: 2,
      languages: { "1": "en" },
      tags: 3,
      maxLength: 4,
      context: 5,
      description: 6,
    });
  });

  it("say what keeps them from being imported", () => {
    const header = ["id", "", "de"];
    expect(choicesProblem(header, ["key", "language:en", "language:de"])).toBeUndefined();
    expect(choicesProblem(header, ["ignore", "language:en", "language:de"])).toBe(
      "Choose the column that holds the keys: set it to “Key”.",
    );
    expect(choicesProblem(header, ["key", "key", "language:de"])).toBe(
      "Only one column can hold the keys: “id” and “Column 2” are both “Key”.",
    );
    expect(choicesProblem(header, ["key", "tags", "tags"])).toBe(
      "Only one column can be the tags: “Column 2” and “de” are both “Tags”.",
    );
    expect(choicesProblem(header, ["key", "language:de", "language:de"])).toBe(
      "“Column 2” and “de” are both German (de): choose another language for one of them, or ignore it.",
    );
    expect(choicesProblem(header, ["key", "description", "ignore"])).toBe(
      "Choose the language of at least one column.",
    );
  });
});
