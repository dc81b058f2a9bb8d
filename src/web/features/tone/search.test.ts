import { describe, expect, it } from "vitest";
import type { ToneSection } from "../../../shared/schemas/tone.ts";
import { filterSections } from "./search.ts";

const section = (id: string, title: string, description: string, rules: string[]): ToneSection => ({
  id,
  teamId: "t",
  title,
  description,
  rules,
  createdAt: "",
  updatedAt: "",
});

const sections = [
  section("a", "Errors", "How failures read", ["Say sorry", "Be brief"]),
  section("b", "Buttons", "", ["Use verbs", "Keep it SHORT"]),
];

describe("filterSections", () => {
  it("shows everything for an empty query", () => {
    expect(filterSections(sections, "  ")).toEqual([
      { section: sections[0], ruleIndexes: [0, 1] },
      { section: sections[1], ruleIndexes: [0, 1] },
    ]);
  });

  it("keeps all rules of a section whose title or description matches, case-insensitively", () => {
    expect(filterSections(sections, "FAILURES")).toEqual([{ section: sections[0], ruleIndexes: [0, 1] }]);
    expect(filterSections(sections, "buttons")).toEqual([{ section: sections[1], ruleIndexes: [0, 1] }]);
  });

  it("otherwise keeps only the matching rules, and drops sections without any", () => {
    expect(filterSections(sections, "short")).toEqual([{ section: sections[1], ruleIndexes: [1] }]);
    expect(filterSections(sections, "nothing here")).toEqual([]);
  });
});
