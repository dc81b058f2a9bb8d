import { MAIN_BRANCH } from "../../../../shared/schemas/branches.ts";
import {
  DEFAULT_ENVIRONMENT,
  MANIFEST_MAX_AGE_SECONDS,
  manifestPath,
  OTA_PREFIX,
  RELEASE_FILE_CACHE_CONTROL,
  type ReleaseManifest,
  releaseFileName,
} from "../../../../shared/schemas/releases.ts";

/**
 * What the docs section on releases and in-context editing (issue 37) restates from the server and
 * from `@sprog/i18next` (the web may import neither), with its examples. `release-reference.test.ts`
 * checks each value against its source, and that docs/how-to.md shows the same CDN config.
 */

/** The server (`src/server/releases/`): days of downloads a release shows, and how often counts are written. */
export const RELEASE_SERVER_FACTS = {
  downloadDays: 14,
  downloadFlushSeconds: 10,
} as const;

/** The SDK's defaults and names (`packages/i18next/src`). */
export const SDK_FACTS = {
  packageName: "@sprog/i18next",
  checkEveryMinutes: 5,
  timeoutMs: 5000,
  /** `?sprog-edit` in the page's address starts in-context editing in any build. */
  editQueryParameter: "sprog-edit",
  /** The main entry's gzipped budget, which a test of the package holds it to. */
  mainEntryBudgetKb: 4,
} as const;

/** npm 7 and later install i18next-icu's peer, intl-messageformat, in the range it accepts. */
export const SDK_INSTALL_COMMAND = `npm install ${SDK_FACTS.packageName} i18next i18next-icu`;

/** A distribution id as the Releases tab shows one (32 hex digits). */
export const EXAMPLE_DISTRIBUTION_ID = "3f9a1c0e5b7d4e2f8a6c1b0d9e7f5a3c";
const EXAMPLE_HASHES = {
  en: "5d41402abc4b2a76b9719d911017c592",
  de: "7f3c2a9e0b1d4c6e8a5f2b7d9c1e3a4b",
} as const;

export const EXAMPLE_MANIFEST_PATH = manifestPath(EXAMPLE_DISTRIBUTION_ID, DEFAULT_ENVIRONMENT);
/** A file's address: the manifest's `files` entry, relative to `/ota/{distributionId}/`. */
export const EXAMPLE_FILE_PATH = `${OTA_PREFIX}/${EXAMPLE_DISTRIBUTION_ID}/${releaseFileName(EXAMPLE_HASHES.de)}`;

export const EXAMPLE_MANIFEST: ReleaseManifest = {
  release: 12,
  environment: DEFAULT_ENVIRONMENT,
  branch: MAIN_BRANCH,
  createdAt: "2026-03-05T09:41:00.000Z",
  placeholderFormat: "web",
  files: { de: releaseFileName(EXAMPLE_HASHES.de), en: releaseFileName(EXAMPLE_HASHES.en) },
};

export const MANIFEST_RESPONSE = [
  `GET ${EXAMPLE_MANIFEST_PATH}`,
  "",
  "HTTP/1.1 200 OK",
  "content-type: application/json; charset=utf-8",
  `cache-control: public, max-age=${MANIFEST_MAX_AGE_SECONDS}`,
  'etag: "q3Zp0vN4sLr8aXy2cWbDfGhJm1k"',
  "access-control-allow-origin: *",
  "",
  JSON.stringify(EXAMPLE_MANIFEST, null, 2),
].join("\n");

/** The German file's bytes are the pull API's (the docs' example project: `api-examples.ts`). */
export function fileResponse(body: string): string {
  return [
    `GET ${EXAMPLE_FILE_PATH}`,
    "",
    "HTTP/1.1 200 OK",
    "content-type: application/json; charset=utf-8",
    `cache-control: ${RELEASE_FILE_CACHE_CONTROL}`,
    `etag: "${EXAMPLE_HASHES.de}"`,
    "access-control-allow-origin: *",
    "",
    body,
  ].join("\n");
}

/** What `sprog release` prints (`src/cli/release.ts`). */
export function releaseCliOutput(host: string): string {
  return [
    "$ node sprog.mjs release --environment staging --only approved",
    "Release 13 published to staging: en, de, fr (412 keys, 7 keys changed since the release before)",
    `Manifest: ${host}${manifestPath(EXAMPLE_DISTRIBUTION_ID, "staging")}`,
  ].join("\n");
}

/** A CI job that publishes a release after each merge to main. */
export function releaseWorkflow(host: string): string {
  return `# .github/workflows/release-translations.yml
name: Release translations
on:
  push: { branches: [main] }
jobs:
  release:
    runs-on: ubuntu-latest
    env:
      SPROG_API_KEY: \${{ secrets.SPROG_RELEASE_KEY }}   # a key with the release scope
    steps:
      - uses: actions/checkout@v4   # for sprog.config.json: the host
      - run: curl -fsSLO ${host}/cli/sprog.mjs
      - run: node sprog.mjs release --environment production --only approved`;
}

/** The i18next set-up: releases over the air, the shipped files as the fallback, in-context editing. */
export function i18nextSetup(host: string): string {
  return `import { SprogBackend, sprogInContext } from "${SDK_FACTS.packageName}";
import i18next from "i18next";
import ICU from "i18next-icu";
import { initReactI18next } from "react-i18next"; // with React; leave it out otherwise
import de from "./locales/de.json";
import en from "./locales/en.json";

await i18next
  .use(SprogBackend)
  .use(ICU)
  .use(initReactI18next)
  .init({
    lng: "en",
    fallbackLng: "en",
    keySeparator: false, // Sprog's keys are flat: "home.title" is one key
    backend: {
      url: "${host}", // or your CDN in front of ${OTA_PREFIX}/
      distribution: "${EXAMPLE_DISTRIBUTION_ID}", // the Releases tab shows yours
      environment: "${DEFAULT_ENVIRONMENT}",
      bundled: { en: { translation: en }, de: { translation: de } },
    },
  });

// Editing in the running app: while developing, or with ?${SDK_FACTS.editQueryParameter} in the address.
sprogInContext(i18next, {
  url: "${host}", // the Sprog server itself, never a CDN
  projectId: "your-project-id", // the Releases tab's set-up has it filled in
  enabled: import.meta.env.DEV,
});`;
}

/** `SprogBackend`'s options (`backend:` of i18next's init), as `SprogBackendOptions` declares them. */
export const SDK_BACKEND_OPTIONS: readonly { name: string; defaultValue: string; meaning: string }[] = [
  {
    name: "url",
    defaultValue: "required",
    meaning: `Where releases are read: this Sprog's address, or a CDN in front of it. Requests go to {url}${OTA_PREFIX}/…`,
  },
  {
    name: "distribution",
    defaultValue: "required",
    meaning: "The project's distribution id (32 hex digits): public, it reads releases only.",
  },
  {
    name: "environment",
    defaultValue: DEFAULT_ENVIRONMENT,
    meaning: "Which environment's manifest to read: staging, beta-2…",
  },
  {
    name: "bundled",
    defaultValue: "none",
    meaning:
      "The translations shipped with the app, { [language]: { [namespace]: resources } }, or (language, namespace) => resources (or a promise of them, for dynamic imports). Used while Sprog cannot be reached and nothing is cached, and for a language the release lacks.",
  },
  {
    name: "checkEveryMinutes",
    defaultValue: String(SDK_FACTS.checkEveryMinutes),
    meaning:
      "How often to look for a new release while the app runs, and when the page is shown again after that long. 0: at start only.",
  },
  {
    name: "storage",
    defaultValue: "localStorage",
    meaning: "Where the manifest and files are cached: any { getItem, setItem }. false: no cache.",
  },
  {
    name: "fetch",
    defaultValue: "the global fetch",
    meaning: "For tests, or a runtime without one.",
  },
  {
    name: "timeout",
    defaultValue: String(SDK_FACTS.timeoutMs),
    meaning: "A request's time limit in milliseconds, reading its body included.",
  },
];

/** `sprogInContext(i18n, options)`, as `SprogInContextOptions` declares them. */
export const SDK_IN_CONTEXT_OPTIONS: readonly { name: string; meaning: string }[] = [
  {
    name: "url",
    meaning: "The Sprog server itself, never a CDN: the sign-in popup and the editing API are there.",
  },
  {
    name: "projectId",
    meaning: "The project whose texts are edited (the Releases tab's set-up has it filled in).",
  },
  {
    name: "enabled",
    meaning: `true: start on every page load, e.g. import.meta.env.DEV. Without it, ?${SDK_FACTS.editQueryParameter} in the page's address starts editing, and a sign-in keeps it on for the browser tab.`,
  },
];

/** Where the SDK keeps things in the browser (`cache.ts`, `constants.ts`). */
export const SDK_STORAGE_KEYS = {
  manifest: "sprog:{distribution}:{environment}:manifest",
  file: "sprog:{distribution}:file:{language}",
  token: "sprog:in-context:{projectId}",
} as const;

/**
 * nginx caching `/ota/` in front of Sprog: it keeps each answer as long as Sprog's Cache-Control
 * says, so a file is fetched from Sprog once and a manifest at most once a minute per URL.
 * docs/how-to.md shows the same config ("Put a CDN in front of releases").
 */
export const NGINX_OTA_CACHE = `# /etc/nginx/conf.d/sprog-cdn.conf
proxy_cache_path /var/cache/nginx/sprog-ota levels=1:2 keys_zone=sprog_ota:10m
                 max_size=1g inactive=30d use_temp_path=off;

server {
  listen 443 ssl;
  server_name cdn.example.com;
  ssl_certificate     /etc/ssl/cdn.example.com.pem;
  ssl_certificate_key /etc/ssl/cdn.example.com.key;

  location /ota/ {
    proxy_pass https://sprog.example.com;   # the Sprog server, as apps would reach it
    proxy_ssl_server_name on;
    proxy_cache sprog_ota;                  # kept as long as Sprog's Cache-Control says
    proxy_cache_revalidate on;              # an expired manifest is asked for with If-None-Match: 304
    proxy_cache_lock on;                    # one request to Sprog per URL, however many apps ask
    proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;
    proxy_cache_background_update on;
    add_header X-Cache-Status $upstream_cache_status;
  }

  location / {
    return 404;                             # only releases go through the CDN
  }
}`;
