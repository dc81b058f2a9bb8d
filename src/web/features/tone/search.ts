import type { ToneSection } from "../../../shared/schemas/tone.ts";

export interface VisibleSection {
  section: ToneSection;
  /** Indexes into section.rules of the rules to show. */
  ruleIndexes: number[];
}

/**
 * 'Search tone...': case-insensitive. A section whose title or description matches shows all its
 * rules; otherwise it shows only the matching rules, and is hidden when none match.
 */
export function filterSections(sections: readonly ToneSection[], query: string): VisibleSection[] {
  const needle = query.trim().toLocaleLowerCase();
  const all = (section: ToneSection) => section.rules.map((_, index) => index);
  if (needle === "") return sections.map((section) => ({ section, ruleIndexes: all(section) }));
  const visible: VisibleSection[] = [];
  for (const section of sections) {
    const heading = `${section.title}\n${section.description}`.toLocaleLowerCase();
    if (heading.includes(needle)) {
      visible.push({ section, ruleIndexes: all(section) });
      continue;
    }
    const ruleIndexes = section.rules.flatMap((rule, index) =>
      rule.toLocaleLowerCase().includes(needle) ? [index] : [],
    );
    if (ruleIndexes.length > 0) visible.push({ section, ruleIndexes });
  }
  return visible;
}
