import { globSync } from "tinyglobby";

/** Directories never searched: dependencies and version control are nobody's source. */
const SKIPPED = ["node_modules", ".git", ".sprog"];

/**
 * The files under `root` matching a glob with `**`, `*`, `?` and `{a,b}` (Node 20 has no fs.glob),
 * as `/`-separated paths relative to `root`, sorted. Dot files count, as any other file; a
 * directory's name matches nothing by itself (no implied `dir/**`), and links are not followed.
 */
export function glob(root: string, pattern: string): string[] {
  return globSync(pattern.replace(/^\.\//, ""), {
    cwd: root,
    dot: true,
    expandDirectories: false,
    followSymbolicLinks: false,
    ignore: SKIPPED.map((name) => `**/${name}/**`),
  }).sort();
}
