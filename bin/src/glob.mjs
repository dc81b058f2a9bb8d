import { readdirSync } from "node:fs";
import { join } from "node:path";

/** Directories never searched: dependencies and version control are nobody's source. */
const SKIPPED = new Set(["node_modules", ".git", ".sprog"]);

/** `a/{b,c}/*.{ts,tsx}` → every pattern without braces. */
export function expandBraces(pattern) {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(pattern);
  if (!match) return [pattern];
  const before = pattern.slice(0, match.index);
  const after = pattern.slice(match.index + match[0].length);
  return match[1].split(",").flatMap((choice) => expandBraces(`${before}${choice}${after}`));
}

/** One brace-free pattern as a regular expression over `/`-separated relative paths. */
export function globRegex(pattern) {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "*" && pattern[i + 1] === "*") {
      const slash = pattern[i + 2] === "/";
      source += slash ? "(?:.*/)?" : ".*";
      i += slash ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

function walk(root, relative, out) {
  let entries;
  try {
    entries = readdirSync(join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) walk(root, path, out);
    } else if (entry.isFile()) out.push(path);
  }
}

/**
 * The files under `root` matching a glob with `**`, `*`, `?` and `{a,b}` (Node 20 has no fs.glob),
 * as `/`-separated paths relative to `root`, sorted.
 */
export function glob(root, pattern) {
  const patterns = expandBraces(pattern.replace(/^\.\//, ""));
  const found = new Set();
  for (const one of patterns) {
    // Walk only below the part without wildcards.
    const parts = one.split("/");
    const fixed = [];
    while (parts.length > 1 && !/[*?]/.test(parts[0])) fixed.push(parts.shift());
    const regex = globRegex(one);
    const files = [];
    walk(root, fixed.join("/"), files);
    for (const file of files) if (regex.test(file)) found.add(file);
  }
  return [...found].sort();
}
