import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ApiClient } from "./api-client.ts";
import { type AppServer, startAppServer } from "./app-server.ts";
import { launchBrowser } from "./browser.ts";
import { call } from "./contract-client.ts";
import { buildProject, buildTeam, buildUser, signInAs } from "./factories.ts";
import type { Snapshot } from "./transfer-corpus.ts";

// The world of the import and export journey (import-export.e2e).

export interface TransferJourney {
  app: AppServer;
  context: BrowserContext;
  page: Page;
  /** The owner's API session, the same as the browser's. */
  owner: ApiClient;
  teamId: string;
  projectId: string;
  /** The project's keys and languages as the API answers them now. */
  snapshot(): Promise<Snapshot>;
}

/**
 * The server (no mail server: the owner is signed in by the factories), Chromium with downloads on,
 * and an owner signed in with an empty project in English and German, for one test file.
 */
export function transferJourneyForThisFile(names: {
  email: string;
  teamName: string;
  projectName: string;
}): () => TransferJourney {
  let journey: TransferJourney | undefined;
  let app: AppServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    app = await startAppServer({ MAIL_FROM: "Sprog <no-reply@sprog.test>" });
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
    });
    const user = await buildUser(app, { email: names.email, firstName: "Ida", lastName: "Porter" });
    const owner = await signInAs(user, { context });
    const teamId = (await buildTeam(owner, { name: names.teamName })).id;
    const projectId = (await buildProject(owner, teamId, { name: names.projectName, languages: ["de"] })).id;
    const page = await context.newPage();
    page.on("pageerror", (error) => console.warn(`[e2e] page error: ${error.message}`));
    const snapshot = async (): Promise<Snapshot> => {
      const [keys, projects] = await Promise.all([
        call(owner, contract.keys.list, { params: { projectId }, query: {} }),
        call(owner, contract.projects.list, { params: { teamId } }),
      ]);
      expect(keys.status).toBe(200);
      expect(projects.status).toBe(200);
      const project = projects.body.projects.find((p) => p.id === projectId);
      return { keys: keys.body.keys, languages: project?.languages ?? [] };
    };
    journey = { app, context, page, owner, teamId, projectId, snapshot };
  });

  afterAll(async () => {
    await journey?.context.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  return () => {
    if (!journey) throw new Error("transferJourneyForThisFile(): only inside tests and hooks");
    return journey;
  };
}
