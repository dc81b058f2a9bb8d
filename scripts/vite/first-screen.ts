import type { Plugin } from "vite";
import { APP_PAGE_MODULES } from "../../src/web/prerender/prerender-paths.ts";

/** The public pages' route modules: src/web/pages/*.tsx, the signed-in area's pages/app/ aside. */
const PUBLIC_PAGE = /[\\/]src[\\/]web[\\/]pages[\\/][^\\/]+\.tsx$/;

/**
 * The modules the signed-in area's first screen runs: everything the app frame and the Overview
 * import without waiting (static imports, followed through), known once the module graph is built
 * and before the chunks are made, split into those only it runs and those a public page runs too.
 * vite.config.ts puts each kind in a file of its own, so the Overview loads a handful of files, none
 * carrying a dialog's or another page's code (grouping by the pages that share a module had merged
 * small lazy modules into the Overview's files: 40 KB more to fetch), and no public page loads the
 * Overview's own code.
 */
export function firstScreenModules(): {
  plugin: Plugin;
  /** Only the first screen runs it. */
  has: (id: string) => boolean;
  /** The first screen runs it, and a public page too. */
  shares: (id: string) => boolean;
} {
  const modules = new Set<string>();
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: "sprog:first-screen-modules",
    apply: "build",
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (starts: string[]) => {
        const found = new Set<string>();
        const queue = [...starts];
        while (queue.length > 0) {
          const id = queue.pop() as string;
          if (found.has(id)) continue;
          found.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) queue.push(imported);
        }
        return found;
      };
      const first = closure(ids.filter((id) => APP_PAGE_MODULES.some((module) => id.endsWith(`/${module}`))));
      // What a public page (the landing, docs, sign-in…) runs stays out: those pages must not
      // fetch the Overview's files for a module they share with it.
      const publicCode = closure(ids.filter((id) => PUBLIC_PAGE.test(id)));
      modules.clear();
      shared.clear();
      for (const id of first) (publicCode.has(id) ? shared : modules).add(id);
    },
  };
  return { plugin, has: (id) => modules.has(id), shares: (id) => shared.has(id) };
}
