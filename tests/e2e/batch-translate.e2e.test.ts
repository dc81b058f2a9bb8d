import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { testDatabaseLabel } from "../helpers/database.ts";
import { eventually, expectVisible, journey } from "../helpers/e2e.ts";
import { createTeamInContext, signUpInContext } from "../helpers/e2e-users.ts";
import { contentText, startOpenAIServer } from "../helpers/openai-server.ts";
import { persistentDatabaseEnv } from "../helpers/persistent-database.ts";
import { type MailServer, startMailServer } from "../helpers/smtp.ts";

/**
 * Batch translation in Chromium against the real server and a loopback OpenAI-compatible server
 * (spec point 4 batch states, point 8 notices): German translated with live progress and the team's
 * context in the AI request, French cancelled mid-way, Spanish finished by a restarted server.
 */

const suffix = randomBytes(3).toString("hex");
const owner = {
  email: `batch-${Date.now().toString(36)}-${suffix}@example.test`,
  firstName: "Bo",
  lastName: "Batch",
};
const KEYS = 300;

describe(`batch translation on ${testDatabaseLabel()}`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  let mail: MailServer;
  let ai: Awaited<ReturnType<typeof startOpenAIServer>>;
  let env: Record<string, string>;
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let projectId = "";

  beforeAll(async () => {
    mail = await startMailServer();
    ai = await startOpenAIServer();
    env = {
      ...(await persistentDatabaseEnv(cleanups)),
      SMTP_URL: mail.url,
      AI_BASE_URL: ai.url,
      AI_API_KEY: "test-key",
    };
    app = await startAppServer(env);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signUpInContext(context, app, mail, owner);
    const teamId = await createTeamInContext(context, app, `Batch ${suffix}`);
    await context.request.put(`${app.url}/api/teams/${teamId}/tone`, {
      data: { productContext: "A ferry booking app" },
    });
    const project = await context.request.post(`${app.url}/api/teams/${teamId}/projects`, {
      data: { name: "Ferries" },
    });
    projectId = (await project.json()).id;
    await context.request.put(`${app.url}/api/projects/${projectId}/languages`, {
      data: { languages: ["en", "de", "fr", "es"] },
    });
    const db = app.server.database.db;
    const keys = await db
      .insertInto("translation_keys")
      .values(
        Array.from({ length: KEYS }, (_, i) => ({
          project_id: projectId,
          key: `trip.k${String(i).padStart(3, "0")}`,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("translation_strings")
      .values(
        keys.map((k, i) => ({
          key_id: k.id,
          project_id: projectId,
          language_code: "en",
          value: `Trip ${i} for {name}`,
        })),
      )
      .execute();
  });

  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await app?.stop();
    await ai?.close();
    await mail?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const step = journey("batch-translate", () => page);
  const toast = (on: Page, text: string | RegExp) =>
    on.locator("[data-sonner-toast]").filter({ hasText: text });
  const bar = (on: Page, language: string) =>
    on.getByRole("region", { name: `${language} batch translation` });
  const tab = (on: Page, language: string) => on.getByRole("tab", { name: new RegExp(language) });

  step(
    "1. German: Translate with the missing count, live 'x of 300', a completion notice, the cells filled",
    async () => {
      ai.setLatency(2000);
      page = await context.newPage();
      await page.goto(`${app.url}/app/overview`);
      await page.getByRole("button", { name: "Ferries", exact: true }).click();
      await tab(page, "German").click();
      await expectVisible(bar(page, "German").getByText("300 keys are missing in German"));
      ai.requests.length = 0;
      await bar(page, "German").getByRole("button", { name: "Translate 300 missing" }).click();
      await expectVisible(toast(page, "Starting batch translation of 300 keys to German..."));
      await expectVisible(bar(page, "German").getByText(/^Translating \d+ of 300$/));
      await expectVisible(toast(page, "German translation complete: 300 translated"), 30_000);
      await expectVisible(bar(page, "German").getByText("German is complete"));
      await expectVisible(page.getByText("DE: Trip 0 for {name}").first());
      // The team's context went with every chunk.
      expect(ai.requests).toHaveLength(6);
      expect(
        ai.requests.every((r) =>
          contentText(r.messages[0]?.content).includes("Product context: A ferry booking app"),
        ),
      ).toBe(true);
    },
  );

  step("2. French: cancelled while translating; nothing more is written", async () => {
    const p = page as Page;
    ai.setLatency(1500);
    await tab(p, "French").click();
    await bar(p, "French").getByRole("button", { name: "Translate 300 missing" }).click();
    await expectVisible(bar(p, "French").getByRole("button", { name: "Cancel" }));
    await bar(p, "French").getByRole("button", { name: "Cancel" }).click();
    await expectVisible(toast(p, "French translation cancelled"));
    await expectVisible(bar(p, "French").getByRole("button", { name: /^Translate \d+ missing$/ }));
    const count = async () =>
      (
        await app.server.database.db
          .selectFrom("translation_strings")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("project_id", "=", projectId)
          .where("language_code", "=", "fr")
          .executeTakeFirstOrThrow()
      ).n;
    const atCancel = Number(await count());
    await new Promise((r) => setTimeout(r, 2500));
    expect(Number(await count())).toBe(atCancel);
    expect(atCancel).toBeLessThan(KEYS);
  });

  step("3. Spanish: the server restarts mid-job and the job still finishes in the open page", async () => {
    const p = page as Page;
    ai.setLatency(2000);
    await tab(p, "Spanish").click();
    await bar(p, "Spanish").getByRole("button", { name: "Translate 300 missing" }).click();
    await expectVisible(bar(p, "Spanish").getByText(/^Translating \d+ of 300$/));
    const port = app.port;
    await app.stop();
    app = await startAppServer({ ...env, PORT: String(port) });
    await expectVisible(toast(p, "Spanish translation complete: 300 translated"), 45_000);
    await expectVisible(bar(p, "Spanish").getByText("Spanish is complete"));
    await eventually(
      async () =>
        Number(
          (
            await app.server.database.db
              .selectFrom("translation_strings")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("project_id", "=", projectId)
              .where("language_code", "=", "es")
              .executeTakeFirstOrThrow()
          ).n,
        ),
      (n) => n === KEYS,
      "Spanish strings after the restart",
    );
  });
});
