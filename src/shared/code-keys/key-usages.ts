/**
 * The key usages `sprog check` knows without configuration. Each regex has a named group `key`
 * (a configured pattern's key is its one capture group). Keys built at run time (`t(\`a.${b}\`)`)
 * cannot be checked and are left out.
 */
const QUOTED = String.raw`(?<q>['"\x60])(?<key>[^'"\x60\n]+?)\k<q>`;
const SWIFT_STRING = String.raw`"(?<key>(?:[^"\\\n]|\\.)+)"`;

interface UsagePattern {
  name?: string;
  regex: RegExp;
  /** Only in files whose text matches this. */
  when?: RegExp;
}

export interface KeyUsage {
  key: string;
  line: number;
}

export const BUILT_IN_PATTERNS: readonly UsagePattern[] = [
  // i18next t('…') and i18n.t('…'), vue-i18n $t('…') and t('…')
  { name: "t()", regex: new RegExp(String.raw`(?:^|[^\w$])\$?t\(\s*${QUOTED}`, "g") },
  // react-i18next <Trans i18nKey="…">
  { name: "i18nKey", regex: new RegExp(String.raw`\bi18nKey=\{?\s*${QUOTED}`, "g") },
  // react-intl <FormattedMessage id="…">
  {
    name: "FormattedMessage",
    regex: new RegExp(String.raw`<FormattedMessage\b[^>]*?\sid=\{?\s*${QUOTED}`, "g"),
  },
  // react-intl { id: '…' } in defineMessages / formatMessage: only in files that use react-intl,
  // since `id:` alone is every other object in an app.
  {
    name: "id:",
    regex: new RegExp(String.raw`\bid:\s*${QUOTED}`, "g"),
    when: /react-intl|defineMessages|formatMessage|FormattedMessage/,
  },
  // Android code and resources
  { name: "R.string", regex: /\bR\.string\.(?<key>[A-Za-z_]\w*)/g },
  { name: "@string", regex: /@string\/(?<key>[A-Za-z_]\w*)/g },
  // iOS
  {
    name: "NSLocalizedString",
    regex: new RegExp(String.raw`\bNSLocalizedString\(\s*@?${SWIFT_STRING}`, "g"),
  },
  {
    name: "String(localized:)",
    regex: new RegExp(String.raw`\bString\(\s*localized:\s*${SWIFT_STRING}`, "g"),
  },
];

/**
 * The line of each offset of `text`, by a binary search of where its lines start: counting the
 * newlines before each usage again made a large file with many usages quadratic (the MCP tool
 * reads up to a megabyte at once).
 */
function lineFinder(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/**
 * What is wrong with a configured pattern (`check.patterns` of sprog.config.json, `patterns` of the
 * MCP tool), or undefined: it must be a regular expression with exactly one capture group, the key.
 */
export function usagePatternProblem(source: string): string | undefined {
  try {
    new RegExp(source, "g");
  } catch (error) {
    return `is not a regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
  const groups = (new RegExp(`${source}|`).exec("")?.length ?? 1) - 1;
  return groups === 1 ? undefined : `must have one capture group, the key (has ${groups})`;
}

/** Every key used in one file's text, with the line it is on. */
export function keyUsages(text: string, extraPatterns: readonly RegExp[] = []): KeyUsage[] {
  const found: KeyUsage[] = [];
  const lineAt = lineFinder(text);
  const patterns: UsagePattern[] = [...BUILT_IN_PATTERNS, ...extraPatterns.map((regex) => ({ regex }))];
  for (const { regex, when } of patterns) {
    if (when && !when.test(text)) continue;
    regex.lastIndex = 0;
    for (const match of text.matchAll(regex)) {
      const key = match.groups?.key ?? match[1];
      if (!key || key.includes("${")) continue;
      const unescaped = key.replace(/\\(["\\])/g, "$1");
      found.push({ key: unescaped, line: lineAt(match.index + match[0].indexOf(key)) });
    }
  }
  return found;
}
