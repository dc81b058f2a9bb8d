import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";

export { ApiClient } from "./api-client.ts";

import type { DB } from "../../src/server/db/schema.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { ApiClient } from "./api-client.ts";
import { type AppServer, startAppServer } from "./app-server.ts";
import { call } from "./contract-client.ts";
import { uniqueEmail } from "./factories.ts";
import { type MailServer, startMailServer } from "./smtp.ts";

export interface ApiApp {
  app: AppServer;
  mail: MailServer;
  db: Kysely<DB>;
  client(): ApiClient;
  /** Requests a code, reads it from the mail server and signs in: a client with a session. */
  signIn(email: string): Promise<ApiClient>;
}

export { uniqueEmail } from "./factories.ts";

/**
 * The real server on the database `TEST_DB` names (PGlite in a temp folder, or a fresh PostgreSQL
 * database), sending mail to a real SMTP server, for one test file.
 */
export function apiAppForThisFile(
  options: { env?: () => Promise<Record<string, string>> } = {},
): () => ApiApp {
  let state: ApiApp | undefined;

  beforeAll(async () => {
    const mail = await startMailServer();
    const env: Record<string, string> = { SMTP_URL: mail.url, ...(await options.env?.()) };
    const app = await startAppServer(env);
    const client = () => new ApiClient(app.url);
    state = {
      app,
      mail,
      db: app.server.database.db,
      client,
      async signIn(email) {
        const api = client();
        const sent = await api.request("POST", "/api/auth/code", { body: { email } });
        if (sent.status !== 200) throw new Error(`sending a code failed: ${JSON.stringify(sent.body)}`);
        const code = await mail.codeFor(email);
        const verified = await api.request("POST", "/api/auth/verify", { body: { email, code } });
        if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
        return api;
      },
    };
  });

  afterAll(async () => {
    await state?.app.stop();
    await state?.mail.close();
  });

  return () => {
    if (!state) throw new Error("apiAppForThisFile(): only inside tests and hooks");
    return state;
  };
}

/** Puts a user in a team with a role, as an accepted invite will (invites come with team management). */
export async function addMember(db: Kysely<DB>, teamId: string, email: string, role: "admin" | "reviewer") {
  const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  await db
    .insertInto("members")
    .values({ id: crypto.randomUUID(), team_id: teamId, user_id: user.id, role, created_at: new Date() })
    .execute();
}

/** A signed-in owner with a team and a project (languages en + the given ones). */
export async function ownerWithProject(api: ApiApp, languages: string[] = ["de"]) {
  const email = uniqueEmail("owner");
  const owner = await api.signIn(email);
  const team = await owner.request<{ id: string }>("POST", "/api/teams", { body: { name: "Team" } });
  const project = await call(owner, contract.projects.create, {
    params: { teamId: team.body.id },
    body: { name: "App" },
  });
  if (languages.length > 0) {
    await call(owner, contract.projects.setLanguages, {
      params: { projectId: project.body.id },
      body: { languages: ["en", ...languages] },
    });
  }
  return { owner, email, teamId: team.body.id, projectId: project.body.id };
}
