import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { runCli } from "../helpers/cli-run.ts";
import { call } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { keyClient } from "../helpers/transfer.ts";

// Issue 33: `{namespace}` in a sprog.config.json path, as an i18next app keeps its files
// (locales/{lang}/common.json, auth.json): push sends each file with its namespace, pull writes
// each namespace's file back byte for byte, and a mapping without {namespace} that would get
// several files a language stops with a message instead of writing one over the other.
const api = apiAppForThisFile();

const FILES: Record<string, string> = {
  "locales/en/common.json": '{\n    "title": "Shop",\n    "save": "Save"\n}\n',
  "locales/en/auth.json": '{\n    "title": "Sign in",\n    "password": "Password"\n}\n',
  "locales/de/common.json": '{\n    "title": "Laden",\n    "save": "Speichern"\n}\n',
  "locales/de/auth.json": '{\n    "title": "Anmelden",\n    "password": "Passwort"\n}\n',
};

let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sprog-cli-namespaces-"));
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const config = { files: [{ path: "locales/{lang}/{namespace}.json", format: "json" }] };
  await writeFile(join(dir, "sprog.config.json"), JSON.stringify(config, null, 2));
  await writeFile(
    join(dir, "flat.config.json"),
    JSON.stringify({ files: [{ path: "flat/{lang}.json", format: "json" }] }, null, 2),
  );
  const { owner, projectId } = await ownerWithProject(api(), ["de"]);
  const created = await createScopedKey(owner, projectId, ["pull", "push"]);
  env = { SPROG_HOST: api().app.url, SPROG_API_KEY: created.key };
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sprog = (...args: string[]) => runCli(dir, args, env);

describe("sprog with {namespace} in a file pattern", () => {
  it("pushes each file with its namespace, the source files first", async () => {
    const run = await sprog("push", "--translations");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[1/4] locales/en/auth.json (en): keys added 2, deleted 0");
    expect(run.stdout).toContain("[2/4] locales/en/common.json (en): keys added 2, deleted 0");
    expect(run.stdout).toContain("[4/4] locales/de/common.json (de)");
    // Said as a note, not as a skipped entry: nothing was lost.
    expect(run.stdout).toMatch(/note: 1 key is in another file of the project too: kept as "common:title"/);
    expect(run.stdout).not.toContain("skipped");
    const status = await call(keyClient(api().app.url, env.SPROG_API_KEY), v1Contract.status, { query: {} });
    expect(status.body.namespaces).toEqual(["auth", "common"]);
  });

  it("pulls each namespace's files back byte for byte, and nothing while nothing changed", async () => {
    for (const path of Object.keys(FILES)) await rm(join(dir, path));
    const first = await sprog("pull");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    for (const [path, text] of Object.entries(FILES))
      expect(await readFile(join(dir, path), "utf8")).toBe(text);
    expect(first.stdout).toContain("Pulled: 4 files written, 0 unchanged.");
    const again = await sprog("pull");
    expect(again.stdout).toContain(
      "[1/1] locales/{lang}/{namespace}.json auth: not modified since the last pull",
    );
    expect(again.stdout).toContain("Pulled: 0 files written, 0 unchanged.");
  });

  it("a pattern without {namespace} stops rather than write one file over another", async () => {
    const run = await sprog("pull", "--config", "flat.config.json");
    expect(run.code).toBe(7);
    expect(run.stderr).toContain("The project keeps each language's keys in several files");
    expect(run.stderr).toContain("put {namespace} in files[0].path");
  });
});
