import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";

export { ApiClient } from "./api-client.ts";

import type { DB } from "../../src/server/db/schema.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { ApiClient } from "./api-client.ts";
import { type AppServer, startAppServer } from "./app-server.ts";
import { call } from "./contract-client.ts";
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
        const sent = await call(api, contract.auth.sendCode, { body: { email } });
        if (sent.status !== 200) throw new Error(`sending a code failed: ${JSON.stringify(sent.body)}`);
        const code = await mail.codeFor(email);
        const verified = await call(api, contract.auth.verify, { body: { email, code } });
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
