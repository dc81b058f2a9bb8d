// @vitest-environment node
import { readFileSync } from "node:fs";
import type { Services } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SprogBackend, type SprogBackendOptions } from "../../../../../packages/i18next/src/backend.ts";
import { createCache } from "../../../../../packages/i18next/src/cache.ts";
import { EDIT_QUERY_PARAMETER, tokenStorageKey } from "../../../../../packages/i18next/src/constants.ts";
import type { SprogInContextOptions } from "../../../../../packages/i18next/src/in-context-loader.ts";
import { release, releaseOptionsOf } from "../../../../cli/release.ts";
import {
  publishReleaseBodySchema,
  publishReleaseKeyBodySchema,
  RELEASE_FILE_HASH_PATTERN,
  releaseManifestSchema,
} from "../../../../shared/schemas/releases.ts";
import {
  EXAMPLE_DISTRIBUTION_ID,
  EXAMPLE_MANIFEST,
  i18nextSetup,
  NGINX_OTA_CACHE,
  RELEASE_SERVER_FACTS,
  releaseCliOutput,
  releaseWorkflow,
  SDK_BACKEND_OPTIONS,
  SDK_FACTS,
  SDK_IN_CONTEXT_OPTIONS,
  SDK_STORAGE_KEYS,
} from "./release-reference.ts";
import { PUBLISH_FIELDS, RELEASES_DOCS_SECTION } from "./releases-section.tsx";

const source = (path: string) => readFileSync(new URL(`../../../../../${path}`, import.meta.url), "utf8");

/** Every option of the SDK's interfaces, once: a missing or extra name does not compile. */
const BACKEND_OPTIONS: Record<keyof SprogBackendOptions, true> = {
  url: true,
  distribution: true,
  environment: true,
  bundled: true,
  checkEveryMinutes: true,
  storage: true,
  fetch: true,
  timeout: true,
};
const IN_CONTEXT_OPTIONS: Record<keyof SprogInContextOptions, true> = {
  url: true,
  projectId: true,
  enabled: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the releases section's facts", () => {
  it("quotes the server's download days and flush interval", () => {
    expect(source("src/server/releases/service.ts")).toContain(
      `const DOWNLOAD_DAYS = ${RELEASE_SERVER_FACTS.downloadDays};`,
    );
    expect(source("src/server/releases/download-counter.ts")).toContain(
      `const FLUSH_EVERY_MS = ${RELEASE_SERVER_FACTS.downloadFlushSeconds}_000;`,
    );
  });

  it("is the anchor the Releases tab links to", () => {
    expect(source("src/web/features/releases/components/use-in-your-app.tsx")).toContain(
      `"/docs/api#${RELEASES_DOCS_SECTION}"`,
    );
  });

  it("names every option of the SDK and its defaults", () => {
    expect(SDK_BACKEND_OPTIONS.map((option) => option.name)).toEqual(Object.keys(BACKEND_OPTIONS));
    expect(SDK_IN_CONTEXT_OPTIONS.map((option) => option.name)).toEqual(Object.keys(IN_CONTEXT_OPTIONS));
    const backend = source("packages/i18next/src/backend.ts");
    expect(backend).toContain(`options.checkEveryMinutes ?? ${SDK_FACTS.checkEveryMinutes};`);
    expect(backend).toContain(`this.options.timeout ?? ${SDK_FACTS.timeoutMs})`);
    expect(SDK_FACTS.editQueryParameter).toBe(EDIT_QUERY_PARAMETER);
    expect(source("packages/i18next/src/size.test.ts")).toContain(
      `const BUDGET = ${SDK_FACTS.mainEntryBudgetKb * 1024};`,
    );
    expect(JSON.parse(source("packages/i18next/package.json")).name).toBe(SDK_FACTS.packageName);
  });

  it("names the keys the SDK really stores under", () => {
    const stored = new Map<string, string>();
    const cache = createCache(
      { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
      EXAMPLE_DISTRIBUTION_ID,
      "staging",
    );
    cache.saveManifest({ manifest: EXAMPLE_MANIFEST, etag: '"x"' });
    cache.saveFile("de", { path: "files/x.json", data: {} });
    const fill = (template: string) =>
      template
        .replace("{distribution}", EXAMPLE_DISTRIBUTION_ID)
        .replace("{environment}", "staging")
        .replace("{language}", "de");
    expect([...stored.keys()].sort()).toEqual(
      [fill(SDK_STORAGE_KEYS.manifest), fill(SDK_STORAGE_KEYS.file)].sort(),
    );
    expect(SDK_STORAGE_KEYS.token.replace("{projectId}", "p1")).toBe(tokenStorageKey("p1"));
  });
});

describe("the releases section's examples", () => {
  it("show a manifest the server's schema takes, naming content-hashed files", () => {
    const manifest = releaseManifestSchema.strict().parse(EXAMPLE_MANIFEST);
    for (const path of Object.values(manifest.files)) {
      expect(path).toMatch(/^files\/[0-9a-f]+\.json$/);
      expect(path.slice("files/".length, -".json".length)).toMatch(RELEASE_FILE_HASH_PATTERN);
    }
  });

  it("print what sprog release prints, for options it takes", async () => {
    const host = "https://sprog.example.com";
    const [command, ...printed] = releaseCliOutput(host).split("\n");
    const sent: unknown[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      const answer = {
        number: 13,
        environment: "staging",
        branch: "main",
        languages: ["en", "de", "fr"],
        keyCount: 412,
        keysChanged: 7,
        manifestPath: `/ota/${EXAMPLE_DISTRIBUTION_ID}/staging/manifest.json`,
      };
      return new Response(JSON.stringify(answer), {
        status: 201,
        headers: { "content-type": "application/json" },
      });
    });
    const body = releaseOptionsOf({ environment: "staging", only: "approved" });
    expect(command).toBe("$ node sprog.mjs release --environment staging --only approved");
    const lines: string[] = [];
    await release({ client: { base: `${host}/`, apiKey: "sprog_x", timeoutMs: 5000 } }, body, (line) =>
      lines.push(line),
    );
    expect(lines).toEqual(printed);
    expect(sent).toEqual([{ environment: "staging", only: "approved" }]);
    expect(
      publishReleaseBodySchema.safeParse(releaseOptionsOf({ environment: "production", only: "approved" }))
        .success,
    ).toBe(true);
    // The table of the body's fields names every field the API takes.
    expect(PUBLISH_FIELDS.map(([field]) => field)).toEqual(Object.keys(publishReleaseKeyBodySchema.shape));
    expect(releaseWorkflow(host)).toContain(
      "node sprog.mjs release --environment production --only approved",
    );
  });

  it("give bundled translations in the shape the backend reads", async () => {
    const setup = i18nextSetup("https://sprog.example.com");
    expect(setup).toContain("bundled: { en: { translation: en }, de: { translation: de } },");
    expect(setup).toContain(`distribution: "${EXAMPLE_DISTRIBUTION_ID}"`);
    // Sprog out of reach and nothing cached: the bundled file is what i18next gets.
    const en = { "home.title": "Welcome" };
    const backend = new SprogBackend(
      {} as Services,
      {
        url: "https://sprog.example.com",
        distribution: EXAMPLE_DISTRIBUTION_ID,
        bundled: { en: { translation: en } },
        storage: false,
        checkEveryMinutes: 0,
        fetch: async () => {
          throw new TypeError("offline");
        },
      },
      {},
    );
    const read = await new Promise((resolve, reject) =>
      backend.read("en", "translation", (error, data) => (error ? reject(error) : resolve(data))),
    );
    expect(read).toEqual(en);
  });

  it("show the same CDN config as docs/how-to.md", () => {
    expect(source("docs/how-to.md")).toContain(`\`\`\`nginx\n${NGINX_OTA_CACHE}\n\`\`\``);
    // Files are kept as long as Sprog says: nothing in the config overrides its Cache-Control.
    expect(NGINX_OTA_CACHE).not.toMatch(/proxy_cache_valid|proxy_ignore_headers|expires /);
    expect(NGINX_OTA_CACHE).toContain("location /ota/ {");
  });
});
