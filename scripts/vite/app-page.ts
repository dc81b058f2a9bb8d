import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { OutputBundle, OutputChunk } from "rolldown";

/** The modules a signed-in visit starts with: the /app frame and its first screen, the Overview. */
const APP_START = ["/src/web/pages/app/app-layout.tsx", "/src/web/pages/app/overview-page.tsx"];

/** What a chunk carries beside its code: Vite notes its stylesheets here. */
type BuiltChunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * The files the /app area's first screen runs, the entry excepted: the chunks holding its page
 * modules and every chunk they import, and their stylesheets.
 */
export function appStartFiles(bundle: OutputBundle): { scripts: string[]; styles: string[] } {
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
  for (const start of APP_START) {
    // The chunk that holds the module, and the small one the router imports it by, when the
    // grouping put the module elsewhere.
    const holding = chunks.filter(
      (c) => c.facadeModuleId?.endsWith(start) || c.moduleIds.some((id) => id.endsWith(start)),
    );
    if (holding.length === 0) throw new Error(`no chunk holds ${start}: its name or place changed`);
    for (const chunk of holding) visit(chunk);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * `app.html`: the page the server sends for /app addresses. index.html, but naming the /app area's
 * first screen's code and styles, so the browser fetches them alongside the entry rather than after
 * the entry has run and asked for them (on a 150 ms line, a second and a half of waiting in turn).
 */
export async function writeAppPage(
  outDir: string,
  files: { scripts: string[]; styles: string[] },
): Promise<void> {
  const index = await readFile(join(outDir, "index.html"), "utf8");
  const links = [
    ...files.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ]
    .map((link) => `    ${link}\n`)
    .join("");
  await writeFile(join(outDir, "app.html"), index.replace("</head>", `${links}  </head>`));
}
