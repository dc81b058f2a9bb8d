import { canonicalLanguage } from "../languages.ts";
import { FORMAT_INFO } from "./format-info.ts";
import { FORMAT_IDS, type FormatId } from "./types.ts";

/**
 * What an uploaded file's name says: its language and its format.
 *
 * `guessLanguage` looks, in this order, at
 * 1. the file name without extension: the whole name (`de.json`, `pt_BR.po`, `en-US.yml`), then
 *    its last one, two or three parts split at `.`, `_`, `-` (`messages.de.json`, `app_de.arb`,
 *    `app_pt_BR.arb`, `strings-zh-Hant.json`);
 * 2. the folders, innermost first: Android `values-de`, `values-de-rDE`, `values-b+sr+Latn`
 *    (`values` alone is the default language: no guess), Apple `de.lproj` (`Base.lproj`: no
 *    guess), gettext `de/LC_MESSAGES/django.po`, and plain folders named by a code
 *    (`locales/de/common.json`).
 * A code counts when, written canonically (case, `_` for `-`, legacy `iw`/`in`/`no`), it is one of
 * `candidates`; otherwise its base language (`de-DE` → `de`, `iw-IL` → `he`) when that is.
 * Candidates are catalogue codes (or the project's languages); names that are not code-shaped
 * (`common`, `django`, `Localizable`) never match.
 */
export function guessLanguage(fileName: string, candidates: readonly string[]): string | undefined {
  const byLower = new Map(candidates.map((code) => [code.toLowerCase(), code]));
  const match = (raw: string): string | undefined => matchCode(raw, byLower);
  const segments = fileName.split(/[\\/]+/).filter((segment) => segment !== "");
  const base = segments.pop() ?? "";
  const stem = base.includes(".") ? base.slice(0, base.lastIndexOf(".")) : base;

  const direct = match(stem);
  if (direct !== undefined) return direct;
  const parts = stem.split(/[._-]/);
  for (let length = Math.min(3, parts.length - 1); length >= 1; length--) {
    const found = match(parts.slice(parts.length - length).join("-"));
    if (found !== undefined) return found;
  }

  for (let i = segments.length - 1; i >= 0; i--) {
    const folder = segments[i] ?? "";
    if (folder === "LC_MESSAGES") continue;
    const android = /^values-(.+)$/i.exec(folder)?.[1];
    if (android !== undefined) {
      const code = androidQualifierCode(android);
      const found = code === undefined ? undefined : match(code);
      if (found !== undefined) return found;
      continue;
    }
    const lproj = /^(.+)\.lproj$/i.exec(folder)?.[1];
    const found = match(lproj ?? folder);
    if (found !== undefined) return found;
  }
  return undefined;
}

const CODE_SHAPE = /^[A-Za-z]{2,3}(?:[-_](?:[A-Za-z]{4}|[A-Za-z]{2}|\d{3}))*$/;

function matchCode(raw: string, byLower: ReadonlyMap<string, string>): string | undefined {
  if (!CODE_SHAPE.test(raw)) return undefined;
  const canonical = canonicalLanguage(raw) ?? raw.replace(/_/g, "-");
  const exact = byLower.get(canonical.toLowerCase());
  if (exact !== undefined) return exact;
  const primary = (raw.split(/[-_]/)[0] ?? "").toLowerCase();
  const base = canonicalLanguage(primary) ?? primary;
  return byLower.get(base.toLowerCase());
}

/** `de`, `de-rDE` → `de-DE`, `b+sr+Latn` → `sr-Latn`; undefined for other qualifiers (`night`). */
function androidQualifierCode(qualifiers: string): string | undefined {
  if (qualifiers.toLowerCase().startsWith("b+")) return qualifiers.slice(2).split("+").join("-");
  const [language = "", region] = qualifiers.split("-");
  if (!/^[a-z]{2,3}$/i.test(language)) return undefined;
  const regionCode = region !== undefined && /^r[A-Z]{2}$/.test(region) ? region.slice(1) : undefined;
  return regionCode === undefined ? language : `${language}-${regionCode}`;
}

/**
 * The format a file name's extension implies (`.xlf`/`.xliff` → `xliff`: the XLIFF reader tells
 * 1.2 from 2.0 itself, or see `sniffXliffVersion`). The first format in FORMAT_IDS order that lists
 * the extension wins.
 */
export function formatForFileName(fileName: string): FormatId | undefined {
  const lower = fileName.toLowerCase();
  const dot = lower.lastIndexOf(".");
  if (dot === -1 || lower.slice(dot).includes("/") || lower.slice(dot).includes("\\")) return undefined;
  const extension = lower.slice(dot);
  return FORMAT_IDS.find((id) => FORMAT_INFO[id].extensions.includes(extension));
}

/** `xliff` (1.x) or `xliff2` (2.x) from the `version` of the root element, when the bytes say. */
export function sniffXliffVersion(bytes: Uint8Array): "xliff" | "xliff2" | undefined {
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 4096));
  const version = /<(?:[\w-]+:)?xliff\b[^>]*?\bversion\s*=\s*["'](\d+)(?:\.\d+)*["']/.exec(head)?.[1];
  if (version === "1") return "xliff";
  if (version === "2") return "xliff2";
  return undefined;
}
