// The checks on every translated pair of the real files in /work/shared/corpus: nothing crashes,
// no check fires on a large share of real translations (a sign it is too strict), and the known
// real errors of the corpus are found.
import { describe, expect, it } from "vitest";
import { type CorpusPair, corpusPairs } from "../../../tests/helpers/quality-corpus.ts";
import { CHECK_IDS, type CheckId, failingChecks, runChecks } from "./checks.ts";

const all = corpusPairs();

function failing(pair: CorpusPair): CheckId[] {
  return failingChecks({
    source: pair.source,
    value: pair.value,
    sourceLanguage: "en",
    language: pair.language,
  });
}

describe("the checks on the corpus", () => {
  const results = all.map((pair) => ({ pair, ids: failing(pair) }));

  it("reads over 15,000 real pairs and checks them all", () => {
    expect(all.length).toBeGreaterThan(15_000);
    expect(results.length).toBe(all.length);
  });

  it("fires no check on more than 5% of the pairs, nor on more than 10% of any language of a file set", () => {
    for (const id of CHECK_IDS) {
      const count = results.filter((r) => r.ids.includes(id)).length;
      expect(count / all.length, id).toBeLessThan(0.05);
    }
    const groups = new Map<string, typeof results>();
    for (const r of results) {
      const group = `${r.pair.set}/${r.pair.language}`;
      groups.set(group, [...(groups.get(group) ?? []), r]);
    }
    for (const [group, list] of groups) {
      if (list.length < 300) continue; // small sets: a few real errors are a large share
      for (const id of CHECK_IDS) {
        // umami's Hebrew file really is a quarter English copies (see the next test).
        if (id === "same_as_source" && group === "umami/he-IL") continue;
        const share = list.filter((r) => r.ids.includes(id)).length / list.length;
        expect(share, `${id} in ${group}`).toBeLessThan(0.1);
      }
    }
  });

  it("finds the corpus's known errors", () => {
    const find = (set: string, language: string, key: string) =>
      results.find((r) => r.pair.set === set && r.pair.language === language && r.pair.key === key)?.ids;
    expect(find("umami", "ru-RU", "message.reset-website")).toContain("placeholders");
    expect(find("umami", "he-IL", "message.share-url")).toContain("placeholders");
    expect(find("loop", "ar", "Unknown Error: %1$@")).toContain("placeholders");
    const hebrew = results.filter((r) => r.pair.set === "umami" && r.pair.language === "he-IL");
    expect(find("umami", "he-IL", "label.remove-member")).toContain("same_as_source");
    expect(hebrew.filter((r) => r.ids.includes("same_as_source")).length).toBeGreaterThan(50);
  });

  it("agrees with runChecks and gives fixes that clear their finding", () => {
    for (const { pair, ids } of results.filter((r) => r.ids.length > 0)) {
      const input = { source: pair.source, value: pair.value, sourceLanguage: "en", language: pair.language };
      const findings = runChecks(input);
      expect(findings.map((f) => f.id).sort(), pair.key).toEqual(ids);
      for (const f of findings) {
        if (f.fix === undefined) continue;
        expect(failingChecks({ ...input, value: f.fix }), `${f.id} fix of ${pair.key}`).not.toContain(f.id);
      }
    }
  });
});
