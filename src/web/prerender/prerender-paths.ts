import { TOPIC_IDS } from "../features/docs/topics.ts";

/**
 * The public pages the build renders to HTML: a visitor sees them before any JavaScript arrives
 * (issue 34: the landing's first paint at 1.6 Mbit/s waited 3.4 s for its script).
 */
export const PRERENDER_PATHS: readonly string[] = [
  "/",
  "/docs",
  ...TOPIC_IDS.map((id) => `/docs/${id}`),
  "/terms-conditions",
  "/cookie-policy",
  "/about",
];
