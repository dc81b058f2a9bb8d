import { TOPIC_IDS } from "../features/docs/topics.ts";

/** A page the build writes: its address, and the route module it shows (its code is named in it). */
export interface BuiltPage {
  path: string;
  module: string;
}

const page = (path: string, module: string): BuiltPage => ({ path, module: `src/web/pages/${module}` });

/**
 * The public pages the build renders to HTML: a visitor sees them before any JavaScript arrives
 * (issue 34: the landing's first paint at 1.6 Mbit/s waited 3.4 s for its script).
 */
export const PRERENDERED_PAGES: readonly BuiltPage[] = [
  page("/", "landing-page.tsx"),
  page("/docs", "docs-page.tsx"),
  ...TOPIC_IDS.map((id) => page(`/docs/${id}`, "docs-page.tsx")),
  page("/terms-conditions", "terms-page.tsx"),
  page("/cookie-policy", "cookie-policy-page.tsx"),
  page("/about", "about-page.tsx"),
];

/** The signed-in area's page (`app.html`): the frame and its first screen, the Overview. */
export const APP_PAGE_MODULES: readonly string[] = [
  "src/web/pages/app/app-layout.tsx",
  "src/web/pages/app/overview-page.tsx",
];
