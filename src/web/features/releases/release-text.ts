import { MAIN_BRANCH } from "../../../shared/schemas/branches.ts";
import {
  BRANCH_DEFAULT_ENVIRONMENT,
  branchReleaseRefusal,
  DEFAULT_ENVIRONMENT,
  OTA_PREFIX,
  type Release,
  type ReleaseList,
  type ReleaseStringFilter,
} from "../../../shared/schemas/releases.ts";

/** The Strings choice of the Publish dialog. */
export const STRING_FILTER_LABELS: Record<ReleaseStringFilter, string> = {
  all: "All strings",
  approved: "Only approved strings",
  passing_checks: "Only strings without failing checks",
};

/** The same, short, beside a release's languages (nothing for all strings). */
export const STRING_FILTER_BADGES: Record<ReleaseStringFilter, string | null> = {
  all: null,
  approved: "Approved only",
  passing_checks: "No failing checks",
};

/** Who made the release, in words: a person, CI (the API key's name), or a completed review. */
export function releaseAuthor(release: Pick<Release, "trigger" | "createdBy">): string {
  switch (release.trigger) {
    case "api":
      return release.createdBy ? `CI · ${release.createdBy}` : "CI";
    case "review":
      return release.createdBy ? `Review completed by ${release.createdBy}` : "Review completed";
    default:
      return release.createdBy ?? "A former member";
  }
}

/** The days a release's downloads are shown for. */
export const DOWNLOAD_DAYS = 14;

/** "2026-03-05": a day as the server counts downloads (UTC). */
function utcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The last 14 days up to today, oldest first, each with its downloads (0 for a day the server
 * does not list: it lists only the days with any).
 */
export function downloadDays(
  downloads: Release["downloads"],
  now: number = Date.now(),
): { day: string; count: number }[] {
  const counts = new Map(downloads.map((entry) => [entry.day, entry.count]));
  return Array.from({ length: DOWNLOAD_DAYS }, (_, index) => {
    const day = utcDay(now - (DOWNLOAD_DAYS - 1 - index) * 86_400_000);
    return { day, count: counts.get(day) ?? 0 };
  });
}

export function downloadsTotal(downloads: Release["downloads"]): number {
  return downloads.reduce((sum, entry) => sum + entry.count, 0);
}

/** The text alternative of a release's download strip. */
export function downloadsSummary(total: number): string {
  if (total === 0) return `No downloads in the last ${DOWNLOAD_DAYS} days`;
  return `${total.toLocaleString("en")} ${total === 1 ? "download" : "downloads"} in the last ${DOWNLOAD_DAYS} days`;
}

/**
 * What the environment fields suggest: production, staging, then the project's other environments;
 * for a release of a branch (`branch` its name) those it may go to, staging first.
 */
export function environmentSuggestions(
  list: Pick<ReleaseList, "environments"> | undefined,
  branch: string | null = null,
): string[] {
  const names = [
    DEFAULT_ENVIRONMENT,
    BRANCH_DEFAULT_ENVIRONMENT,
    ...(list?.environments ?? []).map((env) => env.name),
  ];
  if (branch === null || branch === MAIN_BRANCH) return [...new Set(names)];
  return [...new Set([BRANCH_DEFAULT_ENVIRONMENT, ...names])].filter(
    (name) => branchReleaseRefusal(branch, name) === null,
  );
}

/** Whose strings a release carries, in words: "main", or "branch feature/checkout". */
export function releaseSource(release: Pick<Release, "branch">): string {
  return release.branch === MAIN_BRANCH ? MAIN_BRANCH : `branch ${release.branch}`;
}

/** Where an app finds an environment's manifest on this server: `origin` + its path. */
export function manifestUrl(origin: string, manifestPath: string): string {
  return `${origin}${manifestPath}`;
}

/**
 * Which environments a release can be made live in from its row, and whether that rolls the
 * environment back (it serves a newer release) or moves it forward: its own environment and every
 * environment the project has, but none that serves it already, and none a branch's release may not go to.
 */
export function activationTargets(
  release: Pick<Release, "number" | "environment" | "liveIn" | "branch">,
  environments: ReleaseList["environments"],
): { environment: string; rollback: boolean }[] {
  const serving = new Map(environments.map((env) => [env.name, env.releaseNumber]));
  const names = [...new Set([release.environment, ...environments.map((env) => env.name)])];
  return (
    names
      .filter((name) => !release.liveIn.includes(name))
      // A branch's release is never offered for production (the server refuses it there).
      .filter((name) => branchReleaseRefusal(release.branch, name) === null)
      .map((name) => ({ environment: name, rollback: (serving.get(name) ?? 0) > release.number }))
  );
}

export const INSTALL_COMMAND = "npm install i18next i18next-icu @sprog/i18next";

/** A language code as a JavaScript name: `zh-Hans` → `zh_Hans`. */
function identifier(code: string): string {
  const name = code.replace(/[^A-Za-z0-9_$]/g, "_");
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/**
 * The i18next set-up for an app of this project: translations over the air from this server, the
 * files of the build as the fallback, and in-context editing while developing.
 */
export function i18nextSetup({
  origin,
  distributionId,
  projectId,
  languages,
}: {
  origin: string;
  distributionId: string;
  projectId: string;
  /** The project's languages, the source first: the files the app bundles as the fallback. */
  languages: readonly string[];
}): string {
  const codes = languages.length > 0 ? languages : ["en"];
  const imports = codes.map((code) => `import ${identifier(code)} from "./locales/${code}.json";`);
  // The backend reads bundled[language][namespace]: each file is the default namespace's.
  const bundled = codes
    .map((code) => `${identifier(code) === code ? code : `"${code}"`}: { translation: ${identifier(code)} }`)
    .join(", ");
  return [
    'import i18next from "i18next";',
    'import ICU from "i18next-icu";',
    'import { SprogBackend, sprogInContext } from "@sprog/i18next";',
    ...imports,
    "",
    "await i18next",
    "  .use(ICU)",
    "  .use(SprogBackend)",
    "  .init({",
    `    lng: "${codes[0]}",`,
    `    fallbackLng: "${codes[0]}",`,
    '    // The files\' keys are flat: "home.title" is one key.',
    "    keySeparator: false,",
    "    backend: {",
    `      url: "${origin}",`,
    `      distribution: "${distributionId}",`,
    `      environment: "${DEFAULT_ENVIRONMENT}",`,
    `      bundled: { ${bundled} },`,
    "    },",
    "  });",
    "",
    "// While developing: edit the texts in the running app, signed in to Sprog as yourself.",
    `sprogInContext(i18next, { url: "${origin}", projectId: "${projectId}", enabled: import.meta.env.DEV });`,
  ].join("\n");
}

/** Where a CDN in front of this server fetches the release files from. */
export function otaOrigin(origin: string): string {
  return `${origin}${OTA_PREFIX}/`;
}
