// @vitest-environment node
import { readFileSync } from "node:fs";
import { type AnyContractProcedure, isContractProcedure } from "@orpc/contract";
import { describe, expect, it } from "vitest";
import { EXIT } from "../../../cli/exit.ts";
import { COMMAND_OPTIONS, OPTIONS } from "../../../cli/options.ts";
import { DEFAULT_PLACEHOLDERS } from "../../../cli/pull-direct.ts";
import { pseudoLocalize } from "../../../server/ai/pseudo-provider.ts";
import { AI_BACKOFF_BASE_MS, AI_BACKOFF_JITTER_MS, AI_MAX_RETRIES } from "../../../server/ai/retry.ts";
import { configSchema } from "../../../server/config.ts";
import { MCP_PATH as SERVER_MCP_PATH } from "../../../server/mcp/routes.ts";
import { EXAMPLE_FLOOR, EXAMPLE_LIMIT, SUGGESTION_FLOOR } from "../../../server/memory/memory-service.ts";
import { PULL_PATH as SERVER_PULL_PATH } from "../../../server/pull/routes.ts";
import { apiKeyScopesOf, v1Contract } from "../../../shared/contract/v1.ts";
import { FORMAT_INFO } from "../../../shared/formats/format-info.ts";
import { valueToEntry } from "../../../shared/formats/plurals.ts";
import { FORMATS } from "../../../shared/formats/registry.ts";
import { FORMAT_IDS } from "../../../shared/formats/types.ts";
import { MEMBER_ROLES, PERMISSION_NAMES, PERMISSIONS } from "../../../shared/permissions.ts";
import { convertPlaceholders } from "../../../shared/placeholders/convert.ts";
import { PLACEHOLDER_FORMATS } from "../../../shared/schemas/projects.ts";
import { PULL_FILE_EXTENSIONS, PULL_FORMATS } from "../../../shared/schemas/pull.ts";
import { MCP_PATH } from "../../lib/agent-config.ts";
import { AGENT_TOOLS } from "./content/agent-tools.ts";
import { PULL_MAX_BODY_KB, PULL_PATH } from "./content/api.tsx";
import { EXAMPLE_PROJECT, PULL_EXAMPLES, ZIP_PATHS } from "./content/api-examples.ts";
import { PERMISSION_DESCRIPTIONS, rolesWith, roleTableRows } from "./permission-texts.ts";
import {
  AI_RETRIES,
  CLI_DEFAULT_PLACEHOLDERS,
  CLI_EXIT_CODES,
  CLI_OPTIONS,
  EXPORT_DEFAULTS,
  formatRows,
  IMPORT_DEFAULTS,
  importExtensions,
  MEMORY_THRESHOLDS,
  PSEUDO_EXAMPLE,
  placeholderFormatRows,
  SERVER_DEFAULTS,
} from "./reference-data.ts";

const source = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), "utf8");

describe("the roles table", () => {
  it("equals PERMISSIONS: one row per permission, a yes exactly for the roles it lists", () => {
    const rows = roleTableRows();
    expect(rows.map((row) => row.permission)).toEqual(PERMISSION_NAMES);
    for (const row of rows) {
      const allowed = PERMISSIONS[row.permission] as readonly string[];
      for (const role of MEMBER_ROLES)
        expect(row.allowed[role], `${row.permission} ${role}`).toBe(allowed.includes(role));
      expect(row.description).toBe(PERMISSION_DESCRIPTIONS[row.permission]);
    }
  });

  it("says who holds a permission in words", () => {
    expect(rolesWith("team.edit")).toBe("the owner only");
    expect(rolesWith("keys.manage")).toBe("the owner and admins");
    expect(rolesWith("strings.edit")).toBe("every member of the team");
  });
});

describe("the formats list", () => {
  it("equals the format registry: ids, names and file endings", () => {
    const rows = formatRows();
    expect(rows.map((row) => row.id)).toEqual(FORMAT_IDS);
    expect(rows.map((row) => row.id)).toEqual(Object.keys(FORMATS));
    for (const row of rows) {
      expect(row.label).toBe(FORMAT_INFO[row.id].label);
      expect(row.label).toBe(FORMATS[row.id].label);
      expect(row.extensions).toEqual(FORMATS[row.id].extensions);
      expect(row.notes.trim()).not.toBe("");
    }
    expect(importExtensions()).toEqual([...new Set(Object.values(FORMATS).flatMap((f) => f.extensions))]);
  });

  it("names the file each format really writes for a language", async () => {
    const languages = {
      en: [
        valueToEntry("greeting", "Hello {name}!"),
        valueToEntry("items", "{count, plural, one {# item} other {# items}}"),
      ],
      de: [
        valueToEntry("greeting", "Hallo {name}!"),
        valueToEntry("items", "{count, plural, one {# Teil} other {# Teile}}"),
      ],
    };
    for (const row of formatRows()) {
      const files = await FORMATS[row.id].serialize(languages, {
        sourceLanguage: "en",
        pretty: true,
        nested: false,
        flattenPlurals: false,
      });
      expect(
        files.map((file) => file.path),
        row.id,
      ).toContain(row.exportPath.replace("{lang}", "de"));
    }
  });
});

describe("the placeholder formats", () => {
  it("are the five of spec point 9, with their syntax", () => {
    const rows = placeholderFormatRows();
    expect(rows.map((row) => row.id)).toEqual(PLACEHOLDER_FORMATS);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.syntax]))).toEqual({
      web: "{name}",
      unified: "[name]",
      ios: "%@",
      android: "%1$s",
      lokalise: "[%name$s]",
    });
  });

  it("are what the engine writes when it converts to each format", () => {
    for (const row of placeholderFormatRows()) {
      expect(convertPlaceholders("Hi {name}", row.id), row.id).toBe(`Hi ${row.syntax}`);
    }
  });
});

describe("the option defaults", () => {
  it("are the spec's import defaults", () => {
    expect(IMPORT_DEFAULTS).toMatchObject({
      overwriteExisting: false,
      flattenNestedKeys: true,
      resetLanguageList: false,
    });
  });

  it("are the export request's defaults", () => {
    expect(EXPORT_DEFAULTS).toMatchObject({
      format: "json",
      pretty: true,
      flatten: false,
      nested: false,
      placeholderFormat: null,
    });
  });
});

describe("what the docs restate from the server", () => {
  it("quotes the configuration defaults of src/server/config.ts", () => {
    const defaults = configSchema.parse({});
    expect(SERVER_DEFAULTS).toEqual({
      MAX_UPLOAD_MB: defaults.MAX_UPLOAD_MB,
      PULL_RATE_LIMIT_PER_MINUTE: defaults.PULL_RATE_LIMIT_PER_MINUTE,
      AI_MODEL: defaults.AI_MODEL,
      AI_BATCH_CONCURRENCY: defaults.AI_BATCH_CONCURRENCY,
    });
  });

  it("quotes the AI retries and the translation memory thresholds", () => {
    expect(AI_RETRIES.retries).toBe(AI_MAX_RETRIES);
    expect(AI_RETRIES.backoffBaseMs).toBe(AI_BACKOFF_BASE_MS);
    expect(AI_RETRIES.jitterMs).toBe(AI_BACKOFF_JITTER_MS);
    expect(source("src/server/ai/translate-service.ts")).toContain(
      `const ATTEMPTS = ${AI_RETRIES.attemptsPerString};`,
    );
    expect(source("src/server/batch/chunk-worker.ts")).toContain(
      `const ATTEMPTS_PER_KEY = ${AI_RETRIES.attemptsPerString};`,
    );
    expect(MEMORY_THRESHOLDS).toEqual({
      suggestion: SUGGESTION_FLOOR * 100,
      example: EXAMPLE_FLOOR * 100,
      examplesPerKey: EXAMPLE_LIMIT,
    });
  });

  it("shows what pseudo-localization really answers", () => {
    expect(pseudoLocalize(PSEUDO_EXAMPLE.source)).toBe(PSEUDO_EXAMPLE.output);
  });

  it("names the pull API's paths and body limit", () => {
    expect(PULL_PATH).toBe("/api/v1/pull");
    // The pull module's public API routes are mounted under /api (app.ts), at the contract's path.
    expect(`/api${SERVER_PULL_PATH}`).toBe(PULL_PATH);
    expect(source("src/server/pull/module.ts")).toMatch(
      /publicApiRoutes: new Hono<AppEnv>\(\)\s*\.route\("\/", pullRoutes\(pull, deps\.branches\)\)/,
    );
    expect(source("src/server/pull/routes.ts")).toContain(
      `const MAX_BODY_BYTES = ${PULL_MAX_BODY_KB} * 1024;`,
    );
  });
});

describe("the pull API examples", () => {
  it("are the files the pull API builds for the example project", async () => {
    const { en, de } = EXAMPLE_PROJECT.strings;
    const registryFormat = {
      json: "json",
      strings: "strings",
      stringsdict: "stringsdict",
      android: "xml",
    } as const;
    for (const example of PULL_EXAMPLES) {
      const entries = Object.entries(de).map(([key, value]) =>
        valueToEntry(
          key,
          convertPlaceholders(value, example.placeholderFormat, { reference: en[key as keyof typeof en] }),
        ),
      );
      const files = await FORMATS[registryFormat[example.format]].serialize(
        { de: entries },
        {
          sourceLanguage: EXAMPLE_PROJECT.sourceLanguage,
          pretty: true,
          nested: false,
          flattenPlurals: false,
        },
      );
      expect(files).toHaveLength(1);
      expect(new TextDecoder().decode(files[0]?.bytes).trim(), example.format).toBe(example.body);
      expect(example.fileName).toBe(`de.${PULL_FILE_EXTENSIONS[example.format]}`);
    }
    expect(PULL_EXAMPLES.map((example) => example.format)).toEqual(PULL_FORMATS);
  });

  it("name the content types and zip paths the server uses", async () => {
    const service = source("src/server/pull/service.ts");
    for (const example of PULL_EXAMPLES)
      expect(service).toContain(`${example.format}: "${example.contentType}"`);
    const languages = {
      en: [valueToEntry("greeting", "Hello"), valueToEntry("files", "{n, plural, other {{n} files}}")],
      de: [valueToEntry("greeting", "Hallo"), valueToEntry("files", "{n, plural, other {{n} Dateien}}")],
    };
    const registryFormat = {
      json: "json",
      strings: "strings",
      stringsdict: "stringsdict",
      android: "xml",
    } as const;
    for (const format of PULL_FORMATS) {
      const files = await FORMATS[registryFormat[format]].serialize(languages, {
        sourceLanguage: "en",
        pretty: true,
        nested: false,
        flattenPlurals: false,
      });
      expect(files.map((file) => file.path).join(", ")).toBe(ZIP_PATHS[format]);
    }
  });
});

describe("the CLI reference", () => {
  // bin/sprog.mjs is bundled from src/cli: the reference is checked against its modules.
  it("lists the exit codes of bin/sprog.mjs", () => {
    const codes = Object.values(EXIT);
    expect(codes.length).toBeGreaterThan(5);
    expect(CLI_EXIT_CODES.map((entry) => entry.code)).toEqual(codes);
  });

  it("lists every option of bin/sprog.mjs and nothing else, with the commands that take it", () => {
    const names = Object.keys(OPTIONS);
    expect(names.length).toBeGreaterThan(5);
    expect(CLI_OPTIONS.map((entry) => /--([a-z-]+)/.exec(entry.option)?.[1])).toEqual(names);
    for (const entry of CLI_OPTIONS) {
      const name = /--([a-z-]+)/.exec(entry.option)?.[1] ?? "";
      const commands = Object.entries(COMMAND_OPTIONS).filter(([, options]) =>
        options.some((option) => option === name),
      );
      expect([name, entry.commands]).toEqual([name, commands.map(([command]) => command)]);
    }
  });

  it("states the default placeholder formats of bin/sprog.mjs", () => {
    expect(DEFAULT_PLACEHOLDERS).toEqual(CLI_DEFAULT_PLACEHOLDERS);
  });
});

/** Every procedure of the public API's contract, however deep its sub-contracts nest. */
function procedures(node: unknown): AnyContractProcedure[] {
  if (isContractProcedure(node)) return [node];
  if (!node || typeof node !== "object") return [];
  return Object.values(node).flatMap(procedures);
}

describe("the coding agents section", () => {
  it("names the MCP server's path", () => {
    expect(MCP_PATH).toBe(SERVER_MCP_PATH);
  });

  it("lists each MCP tool of the contract with the scopes that give it", () => {
    const operations = procedures(v1Contract).filter((p) => p["~orpc"].route.operationId);
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      const name = operation["~orpc"].route.operationId;
      const documented = AGENT_TOOLS.find((tool) => tool.name === name);
      expect([name, [...(documented?.scopes ?? [])].sort()]).toEqual([
        name,
        apiKeyScopesOf(operation).sort(),
      ]);
    }
  });

  it("names each tool and resource once", () => {
    const names = AGENT_TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)+$/);
    const resources = AGENT_TOOLS.flatMap((tool) => (tool.resource ? [tool.resource] : []));
    expect(resources).toEqual([
      "sprog://project/glossary",
      "sprog://project/tone",
      "sprog://project/languages",
    ]);
  });
});
