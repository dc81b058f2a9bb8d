import { type GetTextTranslation, type GetTextTranslations, po } from "gettext-parser";

const KEYWORD = /^\s*(msgctxt|msgid)\b/;
const CONTINUATION = /^\s*"/;

/** A msgid a JavaScript object lists before all others, whatever the insertion order. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,8})$/;

interface Placed {
  /** The entry's msgctxt; undefined: none. */
  context: string | undefined;
  /** The msgid, only when it is an array index (see `entriesInFileOrder`). */
  index: string | undefined;
}

/** The contents of the quoted strings of a keyword and its continuation lines, not decoded. */
function rawContent(lines: readonly string[]): string {
  return lines.map((line) => /"(.*)"\s*$/.exec(line)?.[1] ?? "").join("");
}

/** An obsolete entry's line (`#~ msgid "…"`, not `#~| msgid`, its previous msgid) without its mark. */
const OBSOLETE_LINE = /^#~(?!\|)\s?/;

/**
 * Each entry's msgctxt and (when it is an array index) msgid, in file order, from a scan of the
 * keyword lines: of the live entries (comment lines skipped), or of the obsolete ones (`#~`).
 */
function scan(text: string, section: Section): Placed[] {
  const placed: Placed[] = [];
  const decoded = new Map<string, string>();
  const all = text.split(/\r\n|\r|\n/);
  const lines =
    section === "translations"
      ? all
      : all.map((line) => (OBSOLETE_LINE.test(line) ? line.replace(OBSOLETE_LINE, "") : "#"));
  let context: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const keyword = KEYWORD.exec(lines[i] ?? "")?.[1];
    if (keyword === undefined) continue;
    const raw = [lines[i] ?? ""];
    while (i + 1 < lines.length && CONTINUATION.test(lines[i + 1] ?? "")) raw.push(lines[++i] ?? "");
    if (keyword === "msgid") {
      // Digits need no escapes: the raw text of such a msgid is the msgid.
      const content = rawContent(raw);
      placed.push({ context, index: ARRAY_INDEX.test(content) ? content : undefined });
      context = undefined;
      continue;
    }
    const source = raw.join("\n");
    let value = decoded.get(source);
    if (value === undefined) {
      // gettext-parser decodes the string, so it and this scan agree on escapes and quoting.
      try {
        const one = po.parse(`${source}\nmsgid "x"\nmsgstr ""\n`);
        value = Object.keys(one.translations).find((name) => name !== "") ?? "";
      } catch {
        value = "";
      }
      decoded.set(source, value);
    }
    context = value;
  }
  return placed;
}

type Section = "translations" | "obsolete";

/**
 * The table's entries (the header included) in file order, or its obsolete entries. gettext-parser
 * groups entries by msgctxt, and within a group a JavaScript object lists msgids like `1` or `42`
 * first: the scan gives back where each stands. Should the scan and the table ever disagree, what
 * the scan did not place follows in gettext-parser's order: nothing is lost.
 */
export function entriesInFileOrder(
  text: string,
  table: GetTextTranslations,
  section: Section = "translations",
): GetTextTranslation[] {
  const groups = new Map(
    Object.entries(table[section] ?? {}).map(([context, messages]) => [
      context,
      { messages, others: Object.entries(messages).filter(([msgid]) => !ARRAY_INDEX.test(msgid)) },
    ]),
  );
  const ordered: GetTextTranslation[] = [];
  const placed = new Set<GetTextTranslation>();
  for (const { context, index } of scan(text, section)) {
    const group = groups.get(context ?? "");
    const next = index !== undefined ? group?.messages[index] : group?.others.shift()?.[1];
    if (next && !placed.has(next)) {
      ordered.push(next);
      placed.add(next);
    }
  }
  for (const { messages } of groups.values()) {
    for (const message of Object.values(messages)) if (!placed.has(message)) ordered.push(message);
  }
  return ordered;
}
