import { randomBytes } from "node:crypto";
import type { APIResponse, Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey, reportProblems } from "../helpers/e2e.ts";
import { createTeamInContext, type E2ePerson, joinTeam, signUpInContext } from "../helpers/e2e-users.ts";
import { pngBytes } from "../helpers/images.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";
import { button, picker, sidebarNav } from "./pages/common.ts";
import { OverviewPage } from "./pages/overview-page.ts";

/**
 * Stored XSS in every field (issue 32, security hardening). The attack run of issue 32 stored script
 * payloads in every text field a member can write, and none of them ran, even with the
 * Content-Security-Policy switched off: what holds is React's escaping (no markup is built from
 * stored text, no `dangerouslySetInnerHTML`, no link to a stored address). This test keeps it so.
 *
 * An owner (the attacker: any member with an account) stores payloads through the API in the team
 * and project names, their own first and last name, key names, source and German strings, a key's
 * description, tags and (through a PO import) its context, a comment with an @mention, a review's
 * title and description and a "needs changes" verdict, a glossary term with its translation and
 * description (a term the Overview underlines inside a stored string), the tone of voice (product
 * context, brand tone, a section's title, description and rules), a screenshot's file name and an
 * API key's name. Each payload sets `window.__xss` if it ever runs. A field may refuse a payload
 * with a 400 (listed in the log), never with a 500; an invite to a markup address is refused
 * with 400 "Email is invalid", and no such invite is kept (checked on the Team tab).
 *
 * A reviewer then opens, in a browser context with the CSP bypassed (`bypassCSP: true`), every
 * screen that shows those fields: the team and project picker, the Overview (rows, the glossary
 * tooltip, the cell editor, the comments thread, the screenshots, a search for a payload), the
 * Reviews list and the review, the glossary, the tone of voice, the Activity feed with its
 * dashboard, and the Team tab. On each, the payloads are first seen on screen as text (so the
 * fields were rendered), then: `window.__xss` is unset, no dialog opened, and the DOM holds no
 * element the payloads would create (`img[src=x]`, `svg[onload]`, an inline script mentioning
 * `__xss`, any `on*` attribute or `javascript:` address). The owner's own screens (normal CSP) and
 * the e-mails the payloads travel in (an invite, a mention) are checked the same way.
 */

const suffix = randomBytes(3).toString("hex");
const stamp = Date.now().toString(36);

/** What the payloads run, if they ever run: a global counter the checks read. */
const RUN = "window.__xss=(window.__xss||0)+1";
const IMG = `<img src=x onerror="${RUN}">`;
const SCRIPT = `<script>${RUN}</script>`;
const SVG = `"><svg onload="${RUN}">`;
const JS_URL = "javascript:window.__xss=1";
const TEMPLATE = "{{constructor.constructor('window.__xss=1')()}}";
/** For fields of at most 50 characters (tags). */
const SHORT_IMG = "<img src=x onerror=window.__xss=1>";
const SHORT_SVG = "<svg onload=window.__xss=1>";

const owner: E2ePerson = {
  email: `xss-owner-${stamp}-${suffix}@example.test`,
  firstName: "Ada",
  lastName: "Owner",
};
const reviewer: E2ePerson = {
  email: `xss-reviewer-${stamp}-${suffix}@example.test`,
  firstName: "Rita",
  lastName: "Reviewer",
};
const invitee = `xss-invitee-${stamp}-${suffix}@example.test`;

/** The stored texts, each marked with its field so the screens can be searched for it. */
const TEAM = `Team ${IMG}`;
const PROJECT = `Project ${SVG}`;
const FIRST_NAME = `Ada ${SCRIPT}`;
const LAST_NAME = SVG;
const OWNER_NAME = `${FIRST_NAME} ${LAST_NAME}`;
/** A key with every payload around it; its source holds the glossary term. */
const KEY = `key ${IMG}`;
const GLOSSARY_TERM = `Term ${IMG}`;
const KEY_SOURCE = `Source ${SCRIPT} with the ${GLOSSARY_TERM} in it ${TEMPLATE}`;
const KEY_GERMAN = `German ${IMG} ${SVG}`;
const KEY_DESCRIPTION = `Description ${SVG} ${SCRIPT}`;
const KEY_TAGS = [SHORT_IMG, SHORT_SVG];
/** A key named like a script address (anything that renders it as a link would run it). */
const LINK_KEY = JS_URL;
const LINK_SOURCE = JS_URL;
const LINK_GERMAN = TEMPLATE;
/** Imported from a PO file: its msgctxt is the key's context, its `#.` comment the description. */
const PO_CONTEXT = `Ctx ${SVG}`;
const PO_MSGID = `Imported ${SCRIPT}`;
const PO_KEY = `${PO_CONTEXT}::${PO_MSGID}`;
const PO_COMMENT = `Extracted ${IMG}`;
const PO_GERMAN = `Importiert ${IMG}`;
const COMMENT_TEXT = `Comment ${IMG} ${SCRIPT} ${SVG} ${JS_URL}`;
const COMMENT = `@${reviewer.firstName} ${reviewer.lastName} ${COMMENT_TEXT}`;
const REVIEW_TITLE = `Review ${IMG}`;
const REVIEW_DESCRIPTION = `Review description ${SCRIPT} ${SVG} ${JS_URL}`;
const VERDICT = `Verdict ${SVG}`;
const GLOSSARY_GERMAN = `Begriff ${SCRIPT}`;
const GLOSSARY_DESCRIPTION = `Glossary description ${SVG}`;
const PRODUCT_CONTEXT = `Product ${IMG} ${TEMPLATE}`;
const BRAND_TONE = `Brand ${SCRIPT}`;
const SECTION_TITLE = `Section ${SVG}`;
const SECTION_DESCRIPTION = `Section description ${IMG}`;
const SECTION_RULES = [`Rule ${SCRIPT}`, `Rule ${JS_URL}`];
const SCREENSHOT_NAME = `Shot ${SHORT_IMG}.png`;
const PAYLOAD_INVITE = "<svg/onload=window.__xss=1>@evil.test";
const API_KEY_NAME = `API key ${IMG}`;

/** The raw markup that must never reach an e-mail's HTML part unescaped. */
const RAW_MARKUP = ["<img src=x", "<script>", "<svg onload", "<svg/onload"];

/** Which fields refused a payload (400): logged after the setup. */
const refused: string[] = [];

/** A 2xx, or a 400 validation error that is noted as a refused field; never a 500. */
async function stored(field: string, response: APIResponse): Promise<boolean> {
  const status = response.status();
  if (status === 400) {
    refused.push(`${field}: ${(await response.text()).slice(0, 200)}`);
    return false;
  }
  expect(status, `${field}: ${await response.text()}`).toBeLessThan(300);
  return true;
}

/** Markup in the page that only a payload would have made, as outer HTML (empty when none). */
async function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      const tag = element.tagName.toLowerCase();
      if (tag === "img" && element.getAttribute("src") === "x") found.push(element.outerHTML);
      if (tag === "script" && (element.textContent ?? "").includes("__xss")) found.push(element.outerHTML);
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        // React never writes inline handlers: any on* attribute was parsed from stored markup.
        if (name.startsWith("on")) found.push(`${name} on ${element.outerHTML.slice(0, 200)}`);
        if (
          ["href", "src", "action", "formaction", "xlink:href"].includes(name) &&
          /^\s*javascript:/i.test(attribute.value)
        ) {
          found.push(`${name} on ${element.outerHTML.slice(0, 200)}`);
        }
      }
    }
    return found;
  });
}

describe(`stored XSS on ${testDatabaseLabel()}`, () => {
  let mail: MailServer;
  let app: AppServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let reviewerContext: BrowserContext;
  let current: Page | undefined;
  let reviewerPage: Page;
  let teamId = "";
  let projectId = "";
  let reviewId = "";
  const keyIds: Record<string, string> = {};
  /** Dialogs (alert, confirm, prompt) any page opened: none may. */
  const dialogs: string[] = [];

  const api = (path: string) => `${app.url}/api${path}`;
  const post = (path: string, data: unknown) => ownerContext.request.post(api(path), { data });

  async function openPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    reportProblems(page);
    page.on("dialog", (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => {});
    });
    current = page;
    return page;
  }

  /**
   * Waits for each text to be on screen as text (the field was rendered), in `scope`. A text that
   * never shows may have been parsed as markup: what ran is then the failure reported.
   */
  async function expectTexts(scope: Page | Locator, texts: string[]) {
    const page = "page" in scope ? scope.page() : scope;
    for (const text of texts) {
      try {
        await expectVisible(scope.getByText(text, { exact: false }));
      } catch (error) {
        await expectNothingRan(page, `${page.url()} (waiting for ${JSON.stringify(text)})`);
        throw error;
      }
    }
  }

  /** No payload ran on the page and none left an element behind. */
  async function expectNothingRan(page: Page, screen: string) {
    expect(
      await page.evaluate(() => (window as { __xss?: unknown }).__xss),
      `window.__xss on ${screen}`,
    ).toBe(undefined);
    expect(dialogs, `dialogs opened by ${screen}`).toEqual([]);
    expect(await page.locator('img[src="x"], svg[onload]').count(), `payload elements on ${screen}`).toBe(0);
    expect(await injectedMarkup(page), `markup made by a payload on ${screen}`).toEqual([]);
  }

  const addKey = async (field: string, key: string, data: Record<string, unknown>) => {
    const created = await post(`/projects/${projectId}/keys`, { key, ...data });
    if (await stored(field, created)) keyIds[key] = ((await created.json()) as { id: string }).id;
  };
  const saveGerman = async (key: string, value: string) => {
    const id = keyIds[key];
    if (!id) return;
    await stored(
      `German string of ${key}`,
      await ownerContext.request.put(api(`/keys/${id}/strings/de`), {
        data: { value },
      }),
    );
  };

  beforeAll(async () => {
    mail = await startMailServer();
    app = await startAppServer({ SMTP_URL: mail.url, MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    ownerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    // The victim's browser ignores the CSP: only the app's escaping stands between it and a payload.
    reviewerContext = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true });

    await signUpInContext(ownerContext, app, mail, owner);
    await signUpInContext(reviewerContext, app, mail, reviewer);
    expect(
      await stored(
        "profile name",
        await ownerContext.request.put(api("/profile"), {
          data: { firstName: FIRST_NAME, lastName: LAST_NAME },
        }),
      ),
    ).toBe(true);
    teamId = await createTeamInContext(ownerContext, app, TEAM);
    await joinTeam(app, teamId, reviewer.email, "reviewer");

    const project = await post(`/teams/${teamId}/projects`, { name: PROJECT });
    expect(await stored("project name", project)).toBe(true);
    projectId = ((await project.json()) as { id: string }).id;
    expect(
      await stored(
        "languages",
        await ownerContext.request.put(api(`/projects/${projectId}/languages`), {
          data: { languages: ["en", "de"] },
        }),
      ),
    ).toBe(true);

    // Keys, strings and their metadata.
    await addKey("key name, source, description, tags", KEY, {
      sourceValue: KEY_SOURCE,
      description: KEY_DESCRIPTION,
      tags: KEY_TAGS,
    });
    expect(keyIds[KEY], "the key with payloads everywhere").toBeDefined();
    await saveGerman(KEY, KEY_GERMAN);
    await addKey("key name as a javascript: address", LINK_KEY, { sourceValue: LINK_SOURCE });
    await saveGerman(LINK_KEY, LINK_GERMAN);
    const keyId = keyIds[KEY] as string;
    // PATCH too: description and tags written again through the metadata route.
    await stored(
      "key metadata (PATCH)",
      await ownerContext.request.patch(api(`/keys/${keyId}`), {
        data: { description: KEY_DESCRIPTION, tags: KEY_TAGS },
      }),
    );
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Language: de\\n"',
      "",
      `#. ${PO_COMMENT}`,
      `msgctxt ${JSON.stringify(PO_CONTEXT)}`,
      `msgid ${JSON.stringify(PO_MSGID)}`,
      `msgstr ${JSON.stringify(PO_GERMAN)}`,
      "",
    ].join("\n");
    await stored(
      "PO import (key context and description)",
      await ownerContext.request.post(api(`/projects/${projectId}/import`), {
        multipart: {
          file: { name: "de.po", mimeType: "text/x-gettext-translation", buffer: Buffer.from(po) },
          language: "de",
        },
      }),
    );

    // A comment on the German cell, mentioning the reviewer.
    const people = await ownerContext.request.get(api(`/projects/${projectId}/comments/people`));
    expect(people.status()).toBe(200);
    const mentioned = ((await people.json()) as { people: { id: string; email: string }[] }).people.find(
      (person) => person.email === reviewer.email,
    );
    expect(mentioned, "the reviewer can be mentioned").toBeDefined();
    expect(
      await stored(
        "comment body",
        await post(`/keys/${keyId}/comments/de`, { body: COMMENT, mentions: [mentioned?.id] }),
      ),
    ).toBe(true);

    // A review of the keys, with a verdict that carries a comment.
    const review = await post(`/projects/${projectId}/reviews`, {
      title: REVIEW_TITLE,
      description: REVIEW_DESCRIPTION,
      keyIds: Object.values(keyIds),
    });
    expect(await stored("review title and description", review)).toBe(true);
    reviewId = ((await review.json()) as { id: string }).id;
    await stored(
      "review verdict comment",
      await ownerContext.request.put(api(`/reviews/${reviewId}/approvals`), {
        data: { keyId, language: "de", state: "needs_changes", comment: VERDICT },
      }),
    );

    // The glossary: a term the key's source contains, so the Overview underlines it.
    await stored(
      "glossary term, translation, description",
      await post(`/teams/${teamId}/glossary`, {
        term: GLOSSARY_TERM,
        description: GLOSSARY_DESCRIPTION,
        translations: { de: GLOSSARY_GERMAN },
      }),
    );

    // The tone of voice.
    await stored(
      "tone product context and brand tone",
      await ownerContext.request.put(api(`/teams/${teamId}/tone`), {
        data: { productContext: PRODUCT_CONTEXT, brandTone: BRAND_TONE },
      }),
    );
    await stored(
      "tone section title, description, rules",
      await post(`/teams/${teamId}/tone/sections`, {
        title: SECTION_TITLE,
        description: SECTION_DESCRIPTION,
        rules: SECTION_RULES,
      }),
    );

    // A screenshot named by its file, an invite, an API key.
    await stored(
      "screenshot file name",
      await ownerContext.request.post(api(`/keys/${keyId}/screenshots`), {
        multipart: { file: { name: SCREENSHOT_NAME, mimeType: "image/png", buffer: pngBytes() } },
      }),
    );
    // The mailer would read `<…>` as the address part (another recipient than the one stored), so
    // such text is not an address: 400, and no invite is kept.
    const payloadInvite = await post(`/teams/${teamId}/invites`, { email: PAYLOAD_INVITE });
    expect(payloadInvite.status()).toBe(400);
    expect(await payloadInvite.text()).toContain("Email is invalid");
    expect(
      await stored("invite (plain address)", await post(`/teams/${teamId}/invites`, { email: invitee })),
    ).toBe(true);
    await stored("API key name", await post(`/projects/${projectId}/api-keys`, { name: API_KEY_NAME }));
    if (refused.length > 0)
      console.info(`[stored-xss] fields that refused a payload:\n  ${refused.join("\n  ")}`);
  });

  afterAll(async () => {
    for (const context of [reviewerContext, ownerContext]) await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await mail?.close();
  });

  const step = journey("stored-xss", () => current);

  step("1. the reviewer (CSP off) sees the team and project names in the picker", async () => {
    reviewerPage = await openPage(reviewerContext);
    const page = reviewerPage;
    const overview = new OverviewPage(page, app.url);
    await overview.goto();
    await expectVisible(overview.row(KEY));
    await expectVisible(picker(page).filter({ hasText: PROJECT }));
    await picker(page).click();
    await expectTexts(page.getByRole("menu"), [TEAM, PROJECT]);
    await expectNothingRan(page, "the team and project picker");
    await page.keyboard.press("Escape");
  });

  step("2. the Overview shows every key, string, description, tag and context as text", async () => {
    const page = reviewerPage;
    const overview = new OverviewPage(page, app.url);
    await overview.languageTab("German").click();
    await expectTexts(overview.row(KEY), [KEY, "Source <script>", KEY_GERMAN, KEY_DESCRIPTION, ...KEY_TAGS]);
    await expectTexts(overview.row(LINK_KEY), [LINK_KEY, LINK_GERMAN]);
    await expectTexts(overview.row(PO_KEY), [PO_GERMAN, PO_CONTEXT, PO_COMMENT]);
    // The verdict's comment is the badge's tooltip (a title attribute).
    const verdict = overview.row(KEY).locator('[data-approval="needs_changes"]');
    await expectVisible(verdict);
    expect(await verdict.getAttribute("title")).toContain(VERDICT);
    await expectNothingRan(page, "the Overview");
  });

  step("3. the glossary term is underlined in the source and its tooltip shows the term", async () => {
    const page = reviewerPage;
    const overview = new OverviewPage(page, app.url);
    const term = overview.cell(KEY, "source").locator("[data-glossary-term]");
    await expectVisible(term);
    expect(await term.textContent()).toBe(GLOSSARY_TERM);
    await term.hover();
    await expectTexts(page.getByRole("tooltip"), [GLOSSARY_GERMAN, GLOSSARY_DESCRIPTION]);
    await expectNothingRan(page, "the glossary tooltip");
    await page.mouse.move(0, 0);
  });

  step("4. the cell editor, the comment thread and the screenshots of the key", async () => {
    const page = reviewerPage;
    const overview = new OverviewPage(page, app.url);
    const editor = await overview.openCell(KEY, "selected", "German");
    expect(await editor.inputValue()).toBe(KEY_GERMAN);
    await expectNothingRan(page, "the cell editor");
    await overview.discard("German", KEY);

    await overview.hoverRow(KEY);
    await button(page, `History of German of ${KEY}`).click();
    await expectTexts(page.getByRole("dialog", { name: "History" }), [KEY_GERMAN, OWNER_NAME]);
    await expectNothingRan(page, "the history of the cell");
    await page.keyboard.press("Escape");

    await button(page, `Comments on German of ${KEY} (1 open)`).click();
    const thread = page.getByRole("dialog", { name: `Comments on German of ${KEY}` });
    await expectTexts(thread, [COMMENT_TEXT, OWNER_NAME]);
    await expectNothingRan(page, "the comment thread");
    await page.keyboard.press("Escape");

    await overview.hoverRow(KEY);
    await button(page, `1 screenshot of ${KEY}`).click();
    const shots = page.getByRole("dialog");
    await expectVisible(shots.getByRole("img", { name: `${SCREENSHOT_NAME}, screenshot of ${KEY}` }));
    await expectNothingRan(page, "the screenshots");
    await page.keyboard.press("Escape");
  });

  step("5. a search for a payload finds the key and shows the payload in the search box", async () => {
    const page = reviewerPage;
    await page.goto(`${app.url}/app/overview?${new URLSearchParams({ q: "<img src=x onerror" })}`);
    const overview = new OverviewPage(page, app.url);
    await expectVisible(overview.row(KEY));
    expect(await page.getByPlaceholder("Search keys...").inputValue()).toBe("<img src=x onerror");
    await expectNothingRan(page, "the Overview's search");
  });

  step("6. the Reviews list and the review show the title, description, verdict and comment", async () => {
    const page = reviewerPage;
    await page.goto(`${app.url}/app/reviews`);
    await expectVisible(page.getByRole("link", { name: REVIEW_TITLE }));
    await expectNothingRan(page, "the Reviews list");

    await page.goto(`${app.url}/app/review/${reviewId}`);
    await expectVisible(page.getByRole("heading", { name: REVIEW_TITLE, exact: true }));
    await expectTexts(page, [REVIEW_DESCRIPTION, KEY, KEY_GERMAN, LINK_KEY, OWNER_NAME]);
    await expectTexts(page.getByRole("region", { name: /Comments/ }), [COMMENT_TEXT]);
    const verdict = page.locator('table[aria-label="Review keys"] [data-approval="needs_changes"]');
    await expectVisible(verdict);
    expect(await verdict.first().getAttribute("title")).toContain(VERDICT);
    await expectNothingRan(page, "the review");
  });

  step("7. the glossary lists the term, its translation and description", async () => {
    const page = reviewerPage;
    await page.goto(`${app.url}/app/glossary`);
    await expectTexts(page.getByRole("row", { name: /Term/ }), [
      GLOSSARY_TERM,
      GLOSSARY_GERMAN,
      GLOSSARY_DESCRIPTION,
    ]);
    await expectNothingRan(page, "the glossary");
  });

  step("8. the tone of voice shows the product context, brand tone and the section", async () => {
    const page = reviewerPage;
    await page.goto(`${app.url}/app/tone`);
    await expectTexts(page, [
      PRODUCT_CONTEXT,
      BRAND_TONE,
      SECTION_TITLE,
      SECTION_DESCRIPTION,
      ...SECTION_RULES,
    ]);
    await expectNothingRan(page, "the tone of voice");
  });

  step("9. the Activity feed and its dashboard name the owner, the keys and the review", async () => {
    const page = reviewerPage;
    await page.goto(`${app.url}/app/activity`);
    await expectVisible(page.getByRole("region", { name: "Today" }));
    await expectTexts(page.getByRole("region", { name: "Today" }), [OWNER_NAME, KEY, LINK_KEY, REVIEW_TITLE]);
    await expectTexts(sidebarNav(page), [TEAM, PROJECT]);
    const dashboard = page.getByRole("region", { name: "Dashboard" });
    await expectTexts(dashboard.getByRole("list", { name: "Top contributors" }), [OWNER_NAME]);
    await expectTexts(dashboard.getByRole("list", { name: "Open reviews" }), [REVIEW_TITLE]);
    await expectNothingRan(page, "the Activity feed");
  });

  step("10. the Team tab shows the team name and the owner's name", async () => {
    const page = reviewerPage;
    await page.goto(`${app.url}/app/team`);
    await expectTexts(page, [TEAM, OWNER_NAME, invitee]);
    await expectNothingRan(page, "the Team tab");
  });

  step("11. the owner's own screens (CSP on): the Overview, the Team tab, the API keys", async () => {
    const page = await openPage(ownerContext);
    const overview = new OverviewPage(page, app.url);
    await overview.goto();
    await expectVisible(overview.row(KEY));
    await expectTexts(overview.row(KEY), [KEY_DESCRIPTION]);
    await expectNothingRan(page, "the owner's Overview");
    await page.goto(`${app.url}/app/team`);
    await expectTexts(page, [TEAM, OWNER_NAME, invitee]);
    expect(await page.getByText(PAYLOAD_INVITE).count(), "the refused invite is not kept").toBe(0);
    await expectNothingRan(page, "the owner's Team tab");

    await overview.goto();
    await overview.toolbarAction("Project settings");
    const settings = page.getByRole("dialog", { name: "Project Settings" });
    await expectVisible(settings);
    await button(settings, "API Access").click();
    await expectTexts(settings.getByRole("list", { name: "API keys" }), [API_KEY_NAME]);
    await expectNothingRan(page, "the owner's API keys");
  });

  step("12. the e-mails carrying the payloads escape them", async () => {
    const mention = await eventually(
      async () => mail.mailsTo(reviewer.email).find((m) => m.subject.includes("mentioned you")),
      (found) => found !== undefined,
      "the mention e-mail to the reviewer",
    );
    const invite = await mail.waitForMail(invitee);
    for (const received of [mention, invite]) {
      const html = received?.html ?? "";
      for (const raw of RAW_MARKUP) expect(html, `${raw} in "${received?.subject}"`).not.toContain(raw);
      // The payload is there, escaped: the team name in the invite, the comment in the mention.
      expect(html, `the escaped payload in "${received?.subject}"`).toMatch(/&(#60|lt|#x3c);img src=x/i);
    }
  });
});
