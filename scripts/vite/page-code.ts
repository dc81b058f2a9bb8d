import type { OutputBundle, OutputChunk } from "rolldown";

/** What a chunk carries beside its code: Vite notes its stylesheets here. */
type BuiltChunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The code and styles a page runs beyond the entry, for its HTML to name. */
export interface PageCode {
  scripts: string[];
  styles: string[];
}

/**
 * The files a page's route modules run, the entry excepted: the chunks holding the modules (and the
 * small ones the router imports them by, where the grouping put a module elsewhere), every chunk
 * they import, and their stylesheets. `modules` are paths under the repository, e.g.
 * `src/web/pages/app/overview-page.tsx`.
 */
export function pageCode(bundle: OutputBundle, modules: readonly string[]): PageCode {
  const chunks = Object.values(bundle).filter((file): file is BuiltChunk => file.type === "chunk");
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: BuiltChunk) => {
    if (chunk.isEntry || scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) {
      const next = byName.get(imported);
      if (next) visit(next);
    }
  };
  for (const module of modules) {
    const suffix = `/${module}`;
    const holding = chunks.filter(
      (c) => c.facadeModuleId?.endsWith(suffix) || c.moduleIds.some((id) => id.endsWith(suffix)),
    );
    if (holding.length === 0) throw new Error(`no chunk holds ${module}: its name or place changed`);
    for (const chunk of holding) visit(chunk);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The page with its code named in its head (stylesheets, and `modulepreload` for the scripts), so the
 * browser fetches it alongside the entry rather than after the entry has run and asked for it (on a
 * 150 ms line, a second and a half of waiting in turn).
 */
export function withPageCode(html: string, code: PageCode): string {
  const links = [
    ...code.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...code.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ]
    .map((link) => `    ${link}\n`)
    .join("");
  return html.replace("</head>", `${links}  </head>`);
}
