import { type Mentionable, mentionText } from "../../../shared/schemas/comments.ts";

/** The @-word being typed at the caret: where its @ is and what follows it. */
export interface ActiveMention {
  start: number;
  query: string;
}

/** A name is at most a few words: past this, what follows an @ is not a mention being typed. */
const QUERY_MAX = 40;

/**
 * The mention being typed at `caret`, if any: an @ at the start or after a space, followed by
 * no line break (names have spaces, so a space does not end it).
 */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf("@");
  if (start < 0) return null;
  if (start > 0 && !/\s/.test(before[start - 1] ?? "")) return null;
  const query = before.slice(start + 1);
  if (query.includes("\n") || query.length > QUERY_MAX || query.startsWith(" ")) return null;
  return { start, query };
}

/** The people whose name or e-mail contains the query (any letter case), at most `limit`. */
export function matchPeople(people: readonly Mentionable[], query: string, limit = 6): Mentionable[] {
  const needle = query.trim().toLowerCase();
  return people
    .filter(
      (p) => needle === "" || p.name.toLowerCase().includes(needle) || p.email.toLowerCase().includes(needle),
    )
    .slice(0, limit);
}

/** The text with the typed @-word replaced by the person's mention and a space; the caret after it. */
export function insertMention(
  text: string,
  mention: ActiveMention,
  caret: number,
  person: Mentionable,
): { text: string; caret: number } {
  const inserted = `@${mentionText(person)} `;
  const after = text.slice(caret).replace(/^ /, "");
  return {
    text: `${text.slice(0, mention.start)}${inserted}${after}`,
    caret: mention.start + inserted.length,
  };
}
