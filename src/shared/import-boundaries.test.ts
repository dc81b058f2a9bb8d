import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** DESIGN.md §3: imports only go shared ← server and shared ← web; shared is pure TypeScript. */
const src = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? "");
}

function sideOf(path: string): string {
  return relative(src, path).split(/[\\/]/)[0] ?? "";
}

function violations(side: "shared" | "server" | "web", allowed: (target: string, file: string) => boolean) {
  const found: string[] = [];
  for (const file of sourceFiles(join(src, side))) {
    if (file.endsWith(".test.ts") || file.endsWith(".test.tsx")) continue;
    for (const specifier of importsOf(file)) {
      if (!allowed(specifier, file)) found.push(`${relative(src, file)} imports ${specifier}`);
    }
  }
  return found;
}

const relativeSide = (specifier: string, file: string) =>
  specifier.startsWith(".") ? sideOf(resolve(dirname(file), specifier)) : undefined;

describe("import boundaries", () => {
  it("shared imports only shared code and pure packages (no Node, no DOM frameworks)", () => {
    const found = violations("shared", (specifier, file) => {
      const side = relativeSide(specifier, file);
      if (side !== undefined) return side === "shared";
      return (
        !specifier.startsWith("node:") && !["react", "react-dom", "hono", "kysely", "pg"].includes(specifier)
      );
    });
    expect(found).toEqual([]);
  });

  it("the server never imports the web", () => {
    expect(violations("server", (s, f) => relativeSide(s, f) !== "web")).toEqual([]);
  });

  it("the web never imports the server", () => {
    expect(violations("web", (s, f) => relativeSide(s, f) !== "server" && !s.startsWith("node:"))).toEqual(
      [],
    );
  });
});
