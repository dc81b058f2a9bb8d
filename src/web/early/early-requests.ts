/**
 * Early requests (issue 34): a signed-in screen's first data, asked for by a tiny script of its own
 * while the app's code is still on its way, instead of after it has arrived and run. The app notes
 * the GETs a screen made as it opened; the next visit to that address starts the same GETs from the
 * page's first script, and the app takes those answers instead of asking again. What the app no
 * longer asks for (another project was picked) is simply not taken. Pure: both sides use it.
 */

/** Under this localStorage key, per page path: the JSON list of the GET paths to start early. */
export const earlyRequestsKey = (pagePath: string) => `sprog.earlyRequests.${pagePath}`;

/** Only the signed-in area's screens open on their own data. */
export const startsEarly = (pagePath: string) => pagePath === "/app" || pagePath.startsWith("/app/");

/** A screen's opening: GETs made this long after the page started belong to later work. */
export const OPENING_MS = 5_000;
/** At most this many per screen: a guard against a screen that lists many things at start. */
export const MAX_EARLY_REQUESTS = 16;
/** An early answer nobody took within this long is dropped: the app asks afresh. */
export const EARLY_ANSWER_TTL_MS = 15_000;

/** Our own JSON API only: a stored list is never trusted to send the page elsewhere. */
export function isEarlyPath(path: unknown): path is string {
  return typeof path === "string" && /^\/api\/(?!v1\/)[\w\-./?=&%,:~]*$/.test(path) && !path.includes("//");
}

/** The stored list for a page, what of it is valid. */
export function parseEarlyRequests(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter(isEarlyPath).slice(0, MAX_EARLY_REQUESTS) : [];
  } catch {
    return [];
  }
}

/** The request every API GET makes (src/web/lib/api-client.ts): the same, so an early one can stand in. */
export const EARLY_REQUEST_INIT: RequestInit = {
  method: "GET",
  credentials: "same-origin",
  headers: { Accept: "application/json" },
};

/** Where the early script leaves its answers for the app: path → when it started, and the answer. */
export interface EarlyAnswers {
  started: number;
  answers: Map<string, Promise<Response>>;
}

declare global {
  interface Window {
    __sprogEarly?: EarlyAnswers;
  }
}
