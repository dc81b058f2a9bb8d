import { randomBytes } from "node:crypto";
import type { Locator } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { STORAGE_KEYS } from "../../src/web/lib/storage-keys.ts";
import { appWorldForThisFile } from "../helpers/app-world.ts";
import { call } from "../helpers/contract-client.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible } from "../helpers/e2e.ts";
import { buildKey } from "../helpers/factories.ts";
import { button, picker, toast } from "./pages/common.ts";
import { screenshot } from "./pages/layout-checks.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * The Overview at 1280 × 800 (issue 34, item 5): with the source and two target languages (German
 * selected, French picked as an extra column) the columns share the width and nothing scrolls
 * sideways; a cell's actions never cover its text; long team and project names are readable in the
 * picker; the history shows the whole time; key names break after their separators, not mid-word.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);
// 40–60 characters each: names as long as real ones get.
const teamName = `Internationalisation and Localisation Guild ${suffix}`;
const projectName = `Customer Notification Preferences Web Application ${suffix}`;
const LONG_KEY = "settings.notifications.emailDigestFrequencyDescription";
const LONG_GERMAN =
  "Legen Sie fest, wie oft wir Ihnen eine Zusammenfassung aller Benachrichtigungen per E-Mail schicken: " +
  "täglich, wöchentlich oder nie. Sie können das jederzeit wieder ändern.";
const SEPARATORS = ".-_/:";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of an element's text, one a line (and a text node); not those of its empty boxes. */
function textLines(locator: Locator): Promise<Box[]> {
  return locator.evaluate((element) => {
    const boxes: Box[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const { x, y, width, height } of range.getClientRects()) {
        if (width > 0 && height > 0) boxes.push({ x, y, width, height });
      }
    }
    return boxes;
  });
}

describe(`the Overview at 1280 × 800 on ${testDatabaseLabel()}`, () => {
  const session = appWorldForThisFile({
    owner: {
      email: `desk-owner-${stamp}-${suffix}@example.test`,
      firstName: "Alexandra",
      lastName: "Featherstonehaugh-Montgomery",
    },
    reviewer: {
      email: `desk-reviewer-${stamp}-${suffix}@example.test`,
      firstName: "Rita",
      lastName: "Reviewer",
    },
    invited: `desk-invited-${stamp}-${suffix}@example.test`,
    teamName,
    projectName,
    reviewTitle: "Checkout copy",
  });
  const overview = () => new OverviewPage(session().page, session().app.url);

  beforeAll(async () => {
    const { world, context, page } = session();
    await buildKey(world.ownerApi, world.projectId, LONG_KEY, {
      source:
        "Choose how often we send you a summary of all notifications by e-mail: daily, weekly or never. " +
        "You can change this at any time.",
      strings: {
        de: LONG_GERMAN,
        fr: "Choisissez la fréquence à laquelle nous vous envoyons un résumé de toutes les notifications.",
      },
    });
    // French as an extra column beside the selected German (the column picker stores this).
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.extraColumns(world.owner.id, world.projectId),
      JSON.stringify(["fr"]),
    ] as [string, string]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  beforeEach(async () => {
    const o = overview();
    await o.goto();
    await expectVisible(o.cell(LONG_KEY, "selected"));
    await expectVisible(o.table.getByRole("columnheader", { name: "French" }));
    // The cookie banner covers the bottom of the window until answered, as a person would.
    const decline = button(session().page, "Decline");
    if (await decline.isVisible()) await decline.click();
  });

  /** No sideways scroll in the table, and every button of the long key's row inside it and the window. */
  async function expectColumnsFit(languages: string[]) {
    const o = overview();
    const { page } = session();
    const scroll = page.getByTestId("keys-scroll");
    const widths = await scroll.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(
      widths.scroll,
      `the table is ${widths.scroll} px in a ${widths.client} px box`,
    ).toBeLessThanOrEqual(widths.client);

    await o.hoverRow(LONG_KEY);
    const last = languages.at(-1) ?? "";
    await expectVisible(button(page, `Copy ${last} of ${LONG_KEY}`));
    const box = await scroll.boundingBox();
    if (!box) throw new Error("the table's scroll box has no box");
    const buttons = o.row(LONG_KEY).getByRole("button");
    const count = await buttons.count();
    // Key actions, then per column the text, Copy, Edit, … History, Comments.
    expect(count).toBeGreaterThanOrEqual(3 + 6 * languages.length);
    for (let index = 0; index < count; index++) {
      const target = buttons.nth(index);
      const name = (await target.getAttribute("aria-label")) ?? (await target.innerText());
      const rect = await target.boundingBox();
      if (!rect) throw new Error(`${name} has no box`);
      expect(rect.x, `${name} starts left of the table`).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(rect.x + rect.width, `${name} is cut off on the right`).toBeLessThanOrEqual(
        box.x + box.width + 0.5,
      );
      expect(rect.x + rect.width, `${name} is past the viewport`).toBeLessThanOrEqual(1280);
    }
  }

  it("the source and two target columns share the width: no sideways scroll, every button in view", async () => {
    await expectColumnsFit(["English", "German", "French"]);
    await screenshot(session().page, "desktop-two-targets-1280");
  });

  it("a cell's actions sit outside its text: a click at the end of a long string opens the editor", async () => {
    const o = overview();
    const { page } = session();
    const trigger = o.cell(LONG_KEY, "selected");
    // The actions show without moving anything: not the text, not the row, not the rows below
    // (measured from the table's top, which hovering may scroll into view).
    const positions = async () => {
      const table = await o.table.boundingBox();
      const boxes = await Promise.all([
        trigger.boundingBox(),
        o.row(LONG_KEY).boundingBox(),
        o.row("checkout.title").boundingBox(),
      ]);
      return boxes.map((box) =>
        box && table ? { x: box.x - table.x, y: box.y - table.y, w: box.width, h: box.height } : null,
      );
    };
    await page.mouse.move(0, 0);
    await o.hoverRow("checkout.title");
    await expectVisible(button(page, "Copy German of checkout.title"));
    const before = await positions();
    await o.hoverRow(LONG_KEY);
    const copy = button(page, `Copy German of ${LONG_KEY}`);
    await expectVisible(copy);
    expect(await positions(), "boxes of the text, its row and another row").toEqual(before);
    const lines = await textLines(trigger);
    expect(lines.length, "the long German text wraps").toBeGreaterThan(1);
    const cell = o.row(LONG_KEY).locator("td").nth(2);
    const boxes = await cell.locator("button:not([data-cell-trigger])").evaluateAll((buttons) =>
      buttons.map((b) => {
        const { x, y, width, height } = b.getBoundingClientRect();
        return { name: b.getAttribute("aria-label"), box: { x, y, width, height } };
      }),
    );
    expect(boxes.map(({ name }) => name)).toContain(`Copy German of ${LONG_KEY}`);
    for (const { name, box } of boxes) {
      for (const line of lines) {
        expect(intersects(box, line), `${name} covers the text line at y=${Math.round(line.y)}`).toBe(false);
      }
    }
    // The end of every line is the text's, not a button's.
    for (const line of lines) {
      const hit = await page.evaluate(
        ([x, y]) => {
          const element = document.elementFromPoint(x as number, y as number);
          return element?.closest("button")?.getAttribute("aria-label") ?? element?.closest("button")?.title;
        },
        [line.x + line.width - 3, line.y + line.height / 2],
      );
      expect(hit, `the end of the line at y=${Math.round(line.y)}`).toBe("Click to edit");
    }
    const first = lines[0];
    if (!first) throw new Error("no text line");
    await page.mouse.click(first.x + first.width - 3, first.y + first.height / 2);
    await expectVisible(o.editor("German", LONG_KEY));
    expect(await toast(page, "Copied to clipboard").count()).toBe(0);
    await o.discard("German", LONG_KEY);
  });

  it("long team and project names are whole in the picker", async () => {
    const { page } = session();
    const trigger = picker(page);
    await trigger.click();
    const menu = page.getByRole("menu");
    await expectVisible(menu);
    for (const name of [teamName, projectName]) {
      const text = menu.getByRole("menuitem").getByText(name, { exact: true });
      await expectVisible(text);
      const fit = await text.evaluate((element) => {
        const menuBox = element.closest('[role="menu"]')?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return {
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
          inside: menuBox ? box.left >= menuBox.left && box.right <= menuBox.right : false,
          inViewport: box.right <= window.innerWidth,
        };
      });
      expect(fit.scrollWidth, `${name} is cut`).toBeLessThanOrEqual(fit.clientWidth);
      expect(fit.inside, `${name} reaches past the menu`).toBe(true);
      expect(fit.inViewport, `${name} reaches past the window`).toBe(true);
    }
    await screenshot(page, "desktop-picker-1280");
    await page.keyboard.press("Escape");
    // The bar has room for part of them: the whole names are its tooltip.
    expect(await trigger.getAttribute("title")).toBe(`${teamName} / ${projectName}`);
  });

  it("the history shows each version's whole date and time", async () => {
    const o = overview();
    const { page } = session();
    await o.hoverRow(LONG_KEY);
    await button(page, `History of German of ${LONG_KEY}`).click();
    const versions = page.getByRole("list", { name: "Versions" });
    await expectVisible(versions);
    const first = versions.getByRole("listitem").first();
    await expectVisible(first);
    const clipped = await first.evaluate((item) =>
      [item, ...item.querySelectorAll("*")]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => (element.textContent ?? "").slice(0, 60)),
    );
    expect(clipped, "clipped parts of the version's line").toEqual([]);
    const time = first.locator("time");
    await expectVisible(time);
    const text = await time.innerText();
    expect(text).toMatch(/\d{4}.*\d{1,2}:\d{2}/);
    expect(text).not.toContain("…");
    const fits = await time.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const popover = element.closest('[role="dialog"]')?.getBoundingClientRect();
      return popover ? box.left >= popover.left && box.right <= popover.right : false;
    });
    expect(fits, "the time lies inside the popover").toBe(true);
    await screenshot(page, "desktop-history-1280");
    await page.keyboard.press("Escape");
  });

  it("key names wrap after their separators, never inside a word", async () => {
    const o = overview();
    const name = o.row(LONG_KEY).locator("td").first().getByText(LONG_KEY, { exact: true });
    await expectVisible(name);
    // The index of each character that starts a new line.
    const lineStarts = () =>
      name.evaluate((element) => {
        const starts: number[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        let index = 0;
        let lastTop: number | undefined;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          for (let offset = 0; offset < length; offset++, index++) {
            const range = document.createRange();
            range.setStart(node, offset);
            range.setEnd(node, offset + 1);
            const rect = range.getClientRects()[0];
            if (!rect) continue;
            if (lastTop !== undefined && rect.top > lastTop + 2) starts.push(index);
            lastTop = rect.top;
          }
        }
        return starts;
      });
    // At rest, and hovered (the row's actions show then, and must not squeeze the name).
    for (const state of ["at rest", "hovered"]) {
      if (state === "hovered") {
        await o.hoverRow(LONG_KEY);
        await expectVisible(button(session().page, `Edit key ${LONG_KEY}`));
      } else {
        await session().page.mouse.move(0, 0);
      }
      const starts = await lineStarts();
      expect(starts.length, `${state}: the key is longer than its column, it wraps`).toBeGreaterThan(0);
      for (const start of starts) {
        const before = LONG_KEY[start - 1] ?? "";
        const at = LONG_KEY[start] ?? "";
        const atSeparator = SEPARATORS.includes(before);
        // A segment longer than the column may break where camelCase starts a word, not mid-word.
        const atWord = /[a-z0-9]/.test(before) && /[A-Z]/.test(at);
        expect(
          atSeparator || atWord,
          `${state}: a line starts at "${LONG_KEY.slice(start)}" (after "${LONG_KEY.slice(0, start)}")`,
        ).toBe(true);
      }
    }
    await eventually(
      () => name.evaluate((element) => element.textContent),
      (text) => text === LONG_KEY,
      "the key's text",
    );
  });

  // Last: it adds a language to the project, which the tests above do not expect.
  it("the source and three target columns still fit at 1280 px", async () => {
    const o = overview();
    const { world, page } = session();
    const answer = await call(world.ownerApi, contract.projects.setLanguages, {
      params: { projectId: world.projectId },
      body: { languages: ["en", "de", "fr", "es"] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await page.reload();
    // Spanish as a second extra column, picked as a person does.
    await button(page, /^Language columns/).click();
    await page.getByRole("menuitemcheckbox", { name: "Spanish" }).click();
    await page.keyboard.press("Escape");
    await expectVisible(o.table.getByRole("columnheader", { name: "Spanish" }));
    await expectVisible(o.cell(LONG_KEY, "selected"));
    await expectColumnsFit(["English", "German", "French", "Spanish"]);
    await screenshot(page, "desktop-three-targets-1280");
  });
});
