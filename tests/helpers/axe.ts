import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { ARTIFACTS_DIR } from "./e2e.ts";

/** WCAG 2.1 A and AA, the level the app is held to (README, "Accessibility"). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Waits for the finite animations (dialog scale-in, fades) so axe measures final colours. */
export const settle = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );

/**
 * Saves a screenshot (test-results/e2e/a11y-{name}.png, to look at), then runs axe on the whole
 * page as it is now; fails listing every serious or critical violation with its elements.
 */
export async function expectNoSeriousViolations(page: Page, name: string) {
  await settle(page);
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `a11y-${name}.png`) });
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) =>
      [
        `${violation.id} [${violation.impact}] ${violation.help}`,
        ...violation.nodes.map((node) => {
          const why = node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? "";
          return `    ${node.target.join(" ")}${why ? ` — ${why}` : ""}`;
        }),
      ].join("\n"),
    );
  expect(serious, `axe on ${name} (${page.url()}):\n${serious.join("\n")}`).toEqual([]);
}
