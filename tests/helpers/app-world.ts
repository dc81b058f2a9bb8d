import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { STORAGE_KEYS } from "../../src/web/lib/storage-keys.ts";
import type { ApiClient } from "./api-client.ts";
import { type AppServer, startAppServer } from "./app-server.ts";
import { launchBrowser } from "./browser.ts";
import { call } from "./contract-client.ts";
import { reportProblems } from "./e2e.ts";
import {
  addToTeam,
  buildKey,
  buildProject,
  buildTeam,
  buildUser,
  signInAs,
  type TestUser,
} from "./factories.ts";

/**
 * A signed-in app with something on every screen, for journeys that look at the screens rather than
 * build them (the accessibility and keyboard journeys): a team with a project in English, German and
 * French whose keys fall in two groups, a review of two of them with an approval and a 'needs
 * changes', a tone of voice with a section, a pending invite and a reviewer. The owner is signed in
 * to the browser context with the project and German selected, as the picker would have stored it.
 */

export interface AppWorldNames {
  owner: { email: string; firstName: string; lastName: string };
  reviewer: { email: string; firstName: string; lastName: string };
  invited: string;
  teamName: string;
  projectName: string;
  reviewTitle: string;
}

/** Two groups of keys; a French gap (an 'Empty' cell) and a German string missing its placeholder. */
export const APP_WORLD_STRINGS: Record<string, Record<string, string>> = {
  "checkout.pay": { en: "Pay {amount}", de: "Jetzt zahlen", fr: "Payer {amount}" },
  "checkout.title": { en: "Checkout", de: "Kasse", fr: "Caisse" },
  "home.subtitle": { en: "Everything in one place", de: "Alles an einem Ort" },
  "home.title": { en: "Welcome", de: "Willkommen" },
};

export interface AppWorld {
  owner: TestUser;
  ownerApi: ApiClient;
  teamId: string;
  projectId: string;
  reviewId: string;
  keyIds: Record<string, string>;
}

/** Fails with the answer when a setup request was refused. */
async function expectStatus<T>(what: string, answer: Promise<{ status: number; body: T }>, status: number) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(body)} (expected ${status})`);
  return body;
}

export async function buildAppWorld(
  app: AppServer,
  context: BrowserContext,
  names: AppWorldNames,
): Promise<AppWorld> {
  const owner = await buildUser(app, names.owner);
  const ownerApi = await signInAs(owner, { context });
  const teamId = (await buildTeam(ownerApi, { name: names.teamName })).id;
  const projectId = (
    await buildProject(ownerApi, teamId, { name: names.projectName, languages: ["de", "fr"] })
  ).id;
  const keyIds: Record<string, string> = {};
  for (const [key, { en, ...strings }] of Object.entries(APP_WORLD_STRINGS)) {
    keyIds[key] = await buildKey(ownerApi, projectId, key, { source: en, strings });
  }
  const idOf = (key: string) => {
    const id = keyIds[key];
    if (!id) throw new Error(`no key ${key} in the world`);
    return id;
  };

  const review = await expectStatus(
    "creating the review",
    call(ownerApi, contract.reviews.create, {
      params: { projectId },
      body: {
        title: names.reviewTitle,
        description: "The payment screens",
        keyIds: [idOf("checkout.pay"), idOf("checkout.title")],
      },
    }),
    201,
  );
  await expectStatus(
    "approving",
    call(ownerApi, contract.reviews.setApproval, {
      params: { reviewId: review.id },
      body: { keyId: idOf("checkout.title"), language: "de", state: "approved" },
    }),
    200,
  );
  await expectStatus(
    "asking for changes",
    call(ownerApi, contract.reviews.setApproval, {
      params: { reviewId: review.id },
      body: { keyId: idOf("checkout.pay"), language: "fr", state: "needs_changes", comment: "Too formal" },
    }),
    200,
  );
  await expectStatus(
    "saving the tone",
    call(ownerApi, contract.tone.updateSettings, {
      params: { teamId },
      body: { productContext: "A shop for handmade goods", brandTone: "Warm and plain" },
    }),
    200,
  );
  await expectStatus(
    "adding a tone section",
    call(ownerApi, contract.tone.createSection, {
      params: { teamId },
      body: { title: "Buttons", description: "Calls to action", rules: ["Use verbs", "Keep it short"] },
    }),
    201,
  );
  // Without SMTP_URL the server logs the invite mail instead of sending it; the invite is pending.
  await expectStatus(
    "inviting",
    call(ownerApi, contract.teams.invite, { params: { teamId }, body: { email: names.invited } }),
    201,
  );
  await addToTeam(await buildUser(app, names.reviewer), teamId, "reviewer");

  await context.addInitScript(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    [
      [STORAGE_KEYS.selectedTeam(owner.id), teamId],
      [STORAGE_KEYS.selectedProject(owner.id), projectId],
      [STORAGE_KEYS.selectedLanguage(owner.id, projectId), "de"],
    ] as [string, string][],
  );
  return { owner, ownerApi, teamId, projectId, reviewId: review.id, keyIds };
}

export interface AppWorldSession {
  app: AppServer;
  browser: Browser;
  context: BrowserContext;
  /** The owner's page (1400 × 900), which logs page errors and failed API calls. */
  page: Page;
  world: AppWorld;
}

/**
 * The server (no mail server: nobody signs in by code here), Chromium and the world, for one test
 * file; closed after it.
 */
export function appWorldForThisFile(names: AppWorldNames): () => AppWorldSession {
  let session: AppWorldSession | undefined;
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    app = await startAppServer({ MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const world = await buildAppWorld(app, context, names);
    const page = await context.newPage();
    reportProblems(page);
    session = { app, browser, context, page, world };
  });
  afterAll(async () => {
    await session?.context.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });
  return () => {
    if (!session) throw new Error("appWorldForThisFile(): only inside tests and hooks");
    return session;
  };
}
