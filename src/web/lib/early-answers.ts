import {
  EARLY_ANSWER_TTL_MS,
  earlyRequestsKey,
  isEarlyPath,
  MAX_EARLY_REQUESTS,
  OPENING_MS,
  startsEarly,
} from "../early/early-requests.ts";
import { writeStorage } from "./storage-keys.ts";

/** The answer the page's early script got for this GET, once; undefined when it did not ask. */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const early = typeof window === "undefined" ? undefined : window.__sprogEarly;
  const answer = early?.answers.get(path);
  if (!early || !answer) return undefined;
  early.answers.delete(path);
  return performance.now() - early.started > EARLY_ANSWER_TTL_MS ? undefined : answer;
}

/** The page the app opened on, and the GETs its first screen made so far. */
let opening: { pagePath: string; paths: string[] } | undefined;
/** Set once the first screen shows what it opened for: what it asks for after is not early. */
let opened = false;

/**
 * The screen shows its first data (the Overview: its first rows). What it asks for next (counts,
 * badges) waited on purpose, so the early script leaves it to wait too rather than compete for the
 * line with the code and the first rows.
 */
export function endOpening(): void {
  opened = true;
}

/**
 * Notes a GET the app makes while its first screen opens, for the next visit's early script. The
 * list is written anew on each visit, so it follows what the screen asks for today.
 */
export function noteOpeningRequest(path: string): void {
  if (typeof window === "undefined" || opened || performance.now() > OPENING_MS || !isEarlyPath(path)) return;
  if (!opening) {
    const pagePath = window.location.pathname;
    if (!startsEarly(pagePath)) return;
    opening = { pagePath, paths: [] };
  }
  if (opening.paths.includes(path) || opening.paths.length >= MAX_EARLY_REQUESTS) return;
  opening.paths.push(path);
  writeStorage(earlyRequestsKey(opening.pagePath), JSON.stringify(opening.paths));
}

/** Signing out forgets every page's list: the next person on this browser opens on their own data. */
export function forgetEarlyRequests(): void {
  const prefix = earlyRequestsKey("");
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(prefix));
    for (const key of keys) writeStorage(key, null);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
