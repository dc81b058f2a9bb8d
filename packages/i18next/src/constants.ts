/**
 * What the SDK shares with the Sprog server. Copied, not imported: the package is published alone,
 * so it cannot reach the repository's src/. constants.test.ts compares each with the server's
 * src/shared/schemas so they cannot drift apart.
 */

/** Releases are served under this path of the server (or of a CDN in front of it). */
export const OTA_PREFIX = "/ota";
export const DEFAULT_ENVIRONMENT = "production";

/** `GET {url}/ota/{distribution}/{environment}/manifest.json` */
export function manifestPath(distribution: string, environment: string): string {
  return `${OTA_PREFIX}/${distribution}/${environment}/manifest.json`;
}

/** In-context editing's routes on the Sprog server (under its session API, `/api`). */
export const IN_CONTEXT_API = "/api/in-context";
/** The Sprog page the sign-in popup opens. */
export const IN_CONTEXT_CONNECT_PATH = "/in-context/connect";
/** The `type` of the message that popup posts to the app's window. */
export const IN_CONTEXT_MESSAGE_TYPE = "sprog:in-context-token";
/** Every in-context token starts with this. */
export const IN_CONTEXT_TOKEN_PREFIX = "sprogctx_";
/** Keys one lookup may name. */
export const IN_CONTEXT_KEYS_MAX = 200;

/** Where a project's in-context token is kept for the browser tab (sessionStorage). */
export function tokenStorageKey(projectId: string): string {
  return `sprog:in-context:${projectId}`;
}
/** The URL query parameter that starts in-context editing in any build. */
export const EDIT_QUERY_PARAMETER = "sprog-edit";
