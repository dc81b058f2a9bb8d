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

/** The team and project picker; its name carries what it shows ("Select team or project: A / B"). */
export const picker = (page: Page) => page.getByRole("button", { name: "Select team or project" });
