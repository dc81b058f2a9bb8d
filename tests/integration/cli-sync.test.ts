import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyScope } from "../../src/shared/schemas/api-keys.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { fixtureCopy, runCli } from "../helpers/cli-run.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";

// The developer loop of issue 20 with sprog.config.json, as CI runs it: the CLI in its own Node
// process, in a copy of tests/fixtures/cli-app, against the real server. The tests run in order.
const api = apiAppForThisFile();

let dir: string;
let env: Record<string, string>;
let pullOnlyKey: string;
let pushOnlyKey: string;
beforeAll(async () => {
  dir = await fixtureCopy();
  const { owner, projectId } = await ownerWithProject(api(), ["de"]);
  const createKey = async (scopes: ApiKeyScope[]) => (await createScopedKey(owner, projectId, scopes)).key;
  env = { SPROG_HOST: api().app.url, SPROG_API_KEY: await createKey(["pull", "push"]) };
  pullOnlyKey = await createKey(["pull"]);
  pushOnlyKey = await createKey(["push"]);
  // The fixture names its project "CLI fixture app"; this one is the test's, by id.
  const config = JSON.parse(await readFile(join(dir, "sprog.config.json"), "utf8"));
  await writeFile(join(dir, "sprog.config.json"), JSON.stringify({ ...config, project: projectId }, null, 2));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sprog = (...args: string[]) => runCli(dir, args, env);
const readJson = async (path: string) => JSON.parse(await readFile(join(dir, path), "utf8"));

describe("sprog push, pull, status and check with sprog.config.json", () => {
  it("push --dry-run tells what would change and changes nothing", async () => {
    const run = await sprog("push", "--dry-run");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("[1/1] src/locales/en.json (en): keys added 5, deleted 0");
    expect(run.stdout).toContain("dry run: nothing changed (would push 1 file, 5 keys added, 0 deleted)");

    const status = await sprog("status");
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^en\s+0\s+0\s+0\s+0\s+0$/m);
  });

  it("push uploads the source file, and with --translations the others", async () => {
    const run = await sprog("push");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("en: 5 added, 0 changed, 0 unchanged");
    expect(run.stdout).toContain("Pushed 1 file, 5 keys added, 0 deleted.");

    await writeFile(join(dir, "src/locales/de.json"), JSON.stringify({ greeting: "Hallo {name}" }));
    const withTranslations = await sprog("push", "--translations");
    expect(withTranslations.code).toBe(0);
    expect(withTranslations.stdout).toContain("[1/2] src/locales/en.json (en): keys added 0, deleted 0");
    expect(withTranslations.stdout).toContain(
      "[2/2] src/locales/de.json (de): keys added 0, deleted 0; de: 1 added",
    );
  });

  it("status prints a table per language", async () => {
    const run = await sprog("status");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("(source language en)");
    expect(run.stdout).toMatch(/^language\s+keys\s+translated\s+missing\s+unverified\s+approved$/m);
    expect(run.stdout).toMatch(/^en\s+5\s+5\s+0\s+/m);
    expect(run.stdout).toMatch(/^de\s+5\s+1\s+4\s+/m);
  });

  it("pull writes every language's file, then nothing while nothing changed", async () => {
    await rm(join(dir, "src/locales/de.json"));
    const first = await sprog("pull");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("[1/1] src/locales/{lang}.json: wrote src/locales/de.json");
    expect(await readJson("src/locales/de.json")).toMatchObject({ greeting: "Hallo {name}" });
    expect(await readJson(".sprog/etags.json")).toBeTypeOf("object");

    const second = await sprog("pull");
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("[1/1] src/locales/{lang}.json: not modified since the last pull");

    // A file gone: the ETag no longer stands for what is on disk, so it is fetched again and
    // only that file is written.
    await rm(join(dir, "src/locales/de.json"));
    const third = await sprog("pull");
    expect(third.stdout).toContain("wrote src/locales/de.json");
    expect(third.stdout).toContain("src/locales/en.json unchanged");
  });

  it("check fails on keys used in the code but missing in the project, and warns of unused ones", async () => {
    const run = await sprog("check");
    expect(run.code).toBe(6);
    expect(run.stdout).toContain("error: 2 keys used in the code but missing in the project:");
    expect(run.stdout).toContain("cart.badge  (src/components/Badge.vue:2)");
    expect(run.stdout).toContain("cart.title  (src/components/Cart.tsx:6)");
    expect(run.stdout).toContain("warning: 1 key in the project not used in the code:\n  legacy.banner");
    expect(run.stdout).not.toContain("dynamic");

    const onlyApp = await sprog("check", "--src", "src/App.tsx");
    expect(onlyApp.code).toBe(0);
    expect(onlyApp.stdout).toContain("OK: every key used in the code is in the project.");
  });

  it("push --delete-missing removes the keys the source file no longer has", async () => {
    const en = await readJson("src/locales/en.json");
    delete en["legacy.banner"];
    await writeFile(
      join(dir, "src/locales/en.json"),
      JSON.stringify({ ...en, "cart.badge": "In cart", "cart.title": "Cart" }),
    );
    const run = await sprog("push", "--delete-missing");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("keys added 2, deleted 1");
    const checked = await sprog("check");
    expect(checked.code).toBe(0);
    expect(checked.stdout).not.toContain("warning");
  });

  it("writes and reads Android and iOS layouts, the source language in Android's values/", async () => {
    const mobile = {
      files: [
        { path: "android/res/values-{android_lang}/strings.xml", format: "android" },
        { path: "ios/{lang}.lproj/Localizable.strings", format: "strings" },
      ],
    };
    await writeFile(join(dir, "mobile.config.json"), JSON.stringify(mobile, null, 2));
    const pulled = await sprog("pull", "--config", "mobile.config.json");
    expect(pulled.stderr).toBe("");
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toContain(
      "[1/2] android/res/values-{android_lang}/strings.xml: wrote android/res/values/strings.xml",
    );
    expect(pulled.stdout).toContain("wrote android/res/values-de/strings.xml");
    expect(pulled.stdout).toContain(
      "[2/2] ios/{lang}.lproj/Localizable.strings: wrote ios/de.lproj/Localizable.strings",
    );
    expect(await readFile(join(dir, "android/res/values-de/strings.xml"), "utf8")).toContain("Hallo %1$s");
    expect(await readFile(join(dir, "ios/en.lproj/Localizable.strings"), "utf8")).toContain('"Hello %@"');

    const pushed = await sprog("push", "--config", "mobile.config.json", "--translations", "--dry-run");
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toContain("[1/4] android/res/values/strings.xml (en)");
    expect(pushed.stdout).toContain("[2/4] android/res/values-de/strings.xml (de)");
    expect(pushed.stdout).toContain("[4/4] ios/de.lproj/Localizable.strings (de)");
    expect(pushed.stdout).toContain("dry run: nothing changed");
  });

  it("stops when the config names another project than the key's", async () => {
    const config = JSON.parse(await readFile(join(dir, "sprog.config.json"), "utf8"));
    await writeFile(
      join(dir, "other.config.json"),
      JSON.stringify({ ...config, project: "CLI fixture app" }),
    );
    const run = await sprog("push", "--config", "other.config.json");
    expect(run.code).toBe(7);
    expect(run.stderr).toMatch(
      /The config names project "CLI fixture app", but SPROG_API_KEY is a key of "App" \(/,
    );
  });

  it("a push-only key cannot read the project's source language: the message says to set source", async () => {
    const run = await runCli(dir, ["push", "--config", "mobile.config.json", "--dry-run"], {
      ...env,
      SPROG_API_KEY: pushOnlyKey,
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain("API key not allowed (403): This API key may not pull");
    expect(run.stderr).toContain('Or set "source" in files[0] of the config');
  });

  it("a key without the push scope gets the server's 403 (exit 3)", async () => {
    const run = await runCli(dir, ["push", "--dry-run"], { ...env, SPROG_API_KEY: pullOnlyKey });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      "API key not allowed (403): This API key may not push: give it the push scope in Project Settings → API Access",
    );
  });
});
