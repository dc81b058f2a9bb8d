import type { PlaceholderFormat } from "../schemas/projects.ts";
import { detectPlaceholders, type Placeholder } from "./detect.ts";

/**
 * How a project's texts write placeholders, for whoever writes a translation (a coding agent):
 * its setting when it chose one, else what its source texts show.
 */

/** One placeholder in each format, and a text with some, as an agent is shown them. */
export const PLACEHOLDER_SAMPLES: Record<PlaceholderFormat, { syntax: string; example: string }> = {
  web: { syntax: "{name}", example: "Hello {name}, you have {count, number} new messages" },
  unified: { syntax: "[name]", example: "Hello [name], you have [count:number] new messages" },
  ios: { syntax: "%@", example: "Hello %1$@, you have %2$lld new messages" },
  android: { syntax: "%1$s", example: "Hello %1$s, you have %2$d new messages" },
  lokalise: { syntax: "[%name$s]", example: "Hello [%name$s], you have [%count$d] new messages" },
};

/** The format a placeholder is written in; undefined for syntaxes none of the formats writes (`%{name}`). */
function formatOf(placeholder: Placeholder): PlaceholderFormat | undefined {
  switch (placeholder.kind) {
    case "icu":
    case "icu-plural":
    case "icu-select":
    case "mustache":
      return "web";
    case "bracket":
      return "unified";
    case "bracket-printf":
    case "lokalise":
      return "lokalise";
    case "printf":
      // `%@` and length modifiers are NSString's; positions without them Java's (Android always numbers).
      if (placeholder.type?.includes("@") || /^[hlqjzt]/.test(placeholder.type ?? "")) return "ios";
      return placeholder.numbered ? "android" : "ios";
    default:
      return undefined;
  }
}

export interface DetectedFormat {
  format: PlaceholderFormat;
  /** The first of the texts written in that format. */
  example: { key: string; text: string };
}

/**
 * The format most of the texts' placeholders are written in (ties: the earlier format of the
 * settings' list), with the first text that shows it; undefined when no text has a placeholder.
 */
export function detectProjectFormat(
  texts: readonly { key: string; text: string }[],
): DetectedFormat | undefined {
  const votes = new Map<PlaceholderFormat, { count: number; example: { key: string; text: string } }>();
  for (const entry of texts) {
    for (const placeholder of detectPlaceholders(entry.text)) {
      const format = formatOf(placeholder);
      if (format === undefined) continue;
      const vote = votes.get(format);
      if (vote) vote.count += 1;
      else votes.set(format, { count: 1, example: entry });
    }
  }
  let best: DetectedFormat | undefined;
  let bestCount = 0;
  for (const format of Object.keys(PLACEHOLDER_SAMPLES) as PlaceholderFormat[]) {
    const vote = votes.get(format);
    if (vote && vote.count > bestCount) {
      best = { format, example: vote.example };
      bestCount = vote.count;
    }
  }
  return best;
}
