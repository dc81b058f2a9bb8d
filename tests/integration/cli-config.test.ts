import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type CliRun, fixtureCopy, runCli } from "../helpers/cli-run.ts";

// What the CLI says before it talks to any server: sprog.config.json, SPROG_API_KEY, --help.
let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

async function withConfig(config: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const dir = await fixtureCopy();
  dirs.push(dir);
  await writeFile(join(dir, "sprog.config.json"), config);
  return runCli(dir, args, { SPROG_API_KEY: "sprog_test", ...env });
}

describe("sprog.config.json", () => {
  it("names the line and the field of each problem (exit 7)", async () => {
    const run = await withConfig(
      [
        "{",
        '  "host": "ftp://sprog.example.com",',
        '  "files": [',
        '    { "path": "src/locales/{lang}.json", "format": "xml" },',
        '    { "path": "src/locales/en.json", "format": "json", "lang": "en" }',
        "  ]",
        "}",
      ].join("\n"),
      ["push"],
    );
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(
      'sprog.config.json line 2: host must be an http(s) address, e.g. https://sprog.example.com (got "ftp://sprog.example.com")',
    );
    expect(run.stderr).toContain(
      'sprog.config.json line 4: files[0].format must be one of json, strings, stringsdict, android (got "xml")',
    );
    expect(run.stderr).toContain(
      "sprog.config.json line 5: files[1].path must contain {lang} or {android_lang}",
    );
    expect(run.stderr).toContain("sprog.config.json line 5: files[1].lang is not a known field");
  });

  it("says where JSON that does not parse breaks, and what a missing field is", async () => {
    const broken = await withConfig('{\n  "files": [\n    { "path": "{lang}.json" }\n    {}\n  ]\n}', [
      "pull",
    ]);
    expect(broken.code).toBe(7);
    expect(broken.stderr).toContain(
      'sprog.config.json line 4: not valid JSON: expected "," or "]" but found "{"',
    );

    const missing = await withConfig('{\n  "files": [\n    { "path": "{lang}.json" }\n  ]\n}', ["status"]);
    expect(missing.code).toBe(7);
    expect(missing.stderr).toContain("sprog.config.json line 3: files[0].format is required");
  });

  it("says what each field must be, one problem a field, in the order of the file", async () => {
    const run = await withConfig(
      [
        "{",
        '  "files": [',
        '    { "path": "", "format": 5, "nested": "yes", "zzz": 1, "source": "e" },',
        "    {}",
        "  ],",
        '  "check": { "patterns": [""], "ignore": [1], "x": null },',
        '  "hosts": "x"',
        "}",
      ].join("\n"),
      ["status"],
    );
    expect(run.code).toBe(7);
    expect(run.stderr).toBe(
      [
        "sprog: sprog.config.json line 3: files[0].path must not be empty",
        "sprog.config.json line 3: files[0].format must be a string (got a number)",
        "sprog.config.json line 3: files[0].nested must be a boolean (got a string)",
        "sprog.config.json line 3: files[0].zzz is not a known field (allowed: path, format, source, placeholderFormat, nested, sortKeys)",
        'sprog.config.json line 3: files[0].source must be a language code, e.g. en or pt-BR (got "e")',
        "sprog.config.json line 4: files[1].path is required",
        "sprog.config.json line 4: files[1].format is required",
        "sprog.config.json line 6: check.patterns[0] must not be empty",
        "sprog.config.json line 6: check.ignore[0] must be a string (got a number)",
        "sprog.config.json line 6: check.x is not a known field (allowed: src, patterns, ignore)",
        "sprog.config.json line 7: hosts is not a known field (allowed: host, project, branch, mainBranch, files, check)",
        "",
      ].join("\n"),
    );

    const wrongShape = await withConfig('{ "files": [], "project": "" }', ["status"]);
    expect(wrongShape.stderr).toContain("sprog.config.json line 1: files must have at least 1 entry");
    expect(wrongShape.stderr).toContain("sprog.config.json line 1: project must not be empty");
    const notAnObject = await withConfig("[]", ["status"]);
    expect(notAnObject.stderr).toContain(
      "sprog.config.json line 1: the file must be an object (got an array)",
    );
  });

  it("refuses an API key in the file: it comes from SPROG_API_KEY only", async () => {
    const run = await withConfig(
      '{\n  "files": [{ "path": "{lang}.json", "format": "json" }],\n  "apiKey": "sprog_secret"\n}',
      ["pull"],
    );
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(
      "sprog.config.json line 3: apiKey: the API key must not be in sprog.config.json (the file is committed). Set SPROG_API_KEY instead.",
    );
  });

  it("checks check.patterns: a regular expression with one capture group", async () => {
    const run = await withConfig(
      '{\n  "files": [{ "path": "{lang}.json", "format": "json" }],\n  "check": { "patterns": ["(a)(b)"] }\n}',
      ["check"],
    );
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(
      "sprog.config.json line 3: check.patterns[0] must have one capture group, the key (has 2)",
    );
  });

  it("asks for a host, the key and a config file", async () => {
    const noHost = await withConfig('{ "files": [{ "path": "{lang}.json", "format": "json" }] }', ["status"]);
    expect(noHost.code).toBe(7);
    expect(noHost.stderr).toContain('No host: set "host" in sprog.config.json, or SPROG_HOST, or --host');

    const noKey = await withConfig('{ "files": [{ "path": "{lang}.json", "format": "json" }] }', ["push"], {
      SPROG_API_KEY: "",
      SPROG_HOST: "http://127.0.0.1:9",
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("Missing SPROG_API_KEY: create a key in Project Settings → API Access");

    const dir = await fixtureCopy();
    dirs.push(dir);
    await rm(join(dir, "sprog.config.json"));
    const noConfig = await runCli(dir, ["pull"], { SPROG_API_KEY: "sprog_test" });
    expect(noConfig.code).toBe(7);
    expect(noConfig.stderr).toContain("sprog.config.json not found in");
  });
});

describe("sprog --help", () => {
  it("has a help for every command, and refuses what a command does not take", async () => {
    const dir = await fixtureCopy();
    dirs.push(dir);
    const main = await runCli(dir, ["--help"]);
    expect(main.code).toBe(0);
    expect(main.stdout).toContain("Usage: sprog <command> [options]");
    for (const command of ["pull", "push", "status", "check", "branch"]) {
      const help = await runCli(dir, [command, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: sprog ${command}`);
      expect(help.stdout).toContain("7 bad sprog.config.json");
    }
    const foreign = await runCli(dir, ["status", "--dry-run"]);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain('sprog status has no option --dry-run\nRun "sprog status --help"');

    const unknown = await runCli(dir, ["sync"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "sync": one of pull, push, status, check');

    const none = await runCli(dir, []);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage: sprog <command>");
  });
});
