import type { Locator, Page } from "playwright-core";

// Small locators every screen's page object uses.

/** A button by its accessible name: exact for a string, a pattern otherwise. */
export const button = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole("button", { name, exact: typeof name === "string" });

/** The toast (sonner) that says `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/** The app's top nav: Overview, Reviews, Team, Tone. */
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The sidebar's nav (spec point 2): the team's projects and the tabs; in the drawer on phones. */
export const sidebarNav = (page: Page) => page.getByRole("navigation", { name: "Sidebar" });

/** The team and project picker; its name carries what it shows ("Select team or project: A / B"). */
export const picker = (page: Page) => page.getByRole("button", { name: "Select team or project" });
