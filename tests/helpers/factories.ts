import { betterAuth } from "better-auth";
import { testUtils } from "better-auth/plugins";
import type { BrowserContext } from "playwright-core";
import { createAuth } from "../../src/server/auth/auth.ts";
import { loadAuthSecret } from "../../src/server/auth/secret.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createMailer } from "../../src/server/mail/mailer.ts";
import { createProfileService } from "../../src/server/profiles/service.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { ApiClient } from "./api-client.ts";
import type { AppServer } from "./app-server.ts";
import { call } from "./contract-client.ts";

/**
 * Test data made the way the app makes it, without e-mail:
 * - users and sessions through better-auth (the library the server signs people in with) and its own
 *   test-utils plugin, on a second better-auth instance over the server's database with the server's
 *   options and secret. Production never loads that plugin and mounts no route for it.
 * - profiles through the app's profile service; teams, projects, keys and strings through the API.
 *
 * Signing in by e-mail code stays covered where it is the subject: the sign-in journey
 * (tests/e2e/onboarding.e2e.test.ts), tests/integration/auth-api.test.ts, and joining by invite.
 */

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The server the user lives on, so `signInAs(user)` needs nothing else. */
  app: AppServer;
}

export type MemberRole = "admin" | "reviewer";

let counter = 0;
/** An address no other test uses, so per-address limits never collide. */
export function uniqueEmail(name = "user"): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** The app's own better-auth options, with better-auth's test helpers added. */
async function createTestAuth(app: AppServer) {
  const db = app.server.database.db;
  const silent = createLogger("silent");
  const appAuth = createAuth({
    db,
    publicUrl: app.config.publicUrl,
    // The secret the server signs cookies with (AUTH_SECRET, or the one it keeps in the database).
    secret: await loadAuthSecret(db, app.config.AUTH_SECRET),
    // Never used: these helpers send no codes.
    mailer: createMailer({ smtpUrl: undefined, from: app.config.MAIL_FROM }, silent),
    logger: silent,
  });
  const testAuth = betterAuth({
    ...appAuth.options,
    plugins: [...appAuth.options.plugins, testUtils()],
  });
  return (await testAuth.$context).test;
}

const testAuths = new WeakMap<AppServer, ReturnType<typeof createTestAuth>>();
function testAuthOf(app: AppServer) {
  let helpers = testAuths.get(app);
  if (!helpers) {
    helpers = createTestAuth(app);
    testAuths.set(app, helpers);
  }
  return helpers;
}

/**
 * A user as a first sign-in by code leaves one (better-auth's own user write: verified address, no
 * name), with a profile when a first name is given (what the onboarding's name step saves).
 */
export async function buildUser(
  app: AppServer,
  options: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const test = await testAuthOf(app);
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const saved = await test.saveUser(test.createUser({ email, name: "", emailVerified: true }));
  const firstName = options.firstName ?? "";
  const lastName = options.lastName ?? "";
  if (firstName) {
    await createProfileService(app.server.database.db).save(
      { id: saved.id, email: saved.email },
      { firstName, lastName },
    );
  }
  return { id: saved.id, email: saved.email, firstName, lastName, app };
}

/**
 * A new session of `user`, stored and signed as better-auth stores and signs one, without a code
 * or a mail: an API client holding its cookie, which is also put in the browser `context` if given.
 * Unlike a sign-in by code, it does not accept the address's pending invites (POST
 * /api/invites/accept, which the web calls after sign-in, still does).
 */
export async function signInAs(
  user: TestUser,
  options: { context?: BrowserContext } = {},
): Promise<ApiClient> {
  const test = await testAuthOf(user.app);
  const [cookie] = await test.getCookies({ userId: user.id, domain: new URL(user.app.url).hostname });
  if (!cookie) throw new Error("better-auth made no session cookie");
  const client = new ApiClient(user.app.url);
  client.cookie = `${cookie.name}=${cookie.value}`;
  await options.context?.addCookies([
    {
      name: cookie.name,
      value: cookie.value,
      domain: cookie.domain,
      path: cookie.path,
      httpOnly: cookie.httpOnly ?? true,
      secure: cookie.secure ?? false,
      sameSite: cookie.sameSite ?? "Lax",
      ...(cookie.expires ? { expires: cookie.expires } : {}),
    },
  ]);
  return client;
}

/**
 * A signed-in owner (no code spent) with a team and a project in en and `languages`: the start of
 * most API tests. Takes anything that holds the server (`api()`, an e2e world).
 */
export async function ownerWithProject(holder: { app: AppServer }, languages: string[] = ["de"]) {
  const user = await buildUser(holder.app, { email: uniqueEmail("owner") });
  const owner = await signInAs(user);
  const team = await buildTeam(owner, { name: "Team" });
  const project = await buildProject(owner, team.id, { languages });
  return { owner, user, email: user.email, teamId: team.id, projectId: project.id };
}

/**
 * Another person in the team with `role`, signed in: `memberOf(api(), teamId, "reviewer")`. A
 * first name gives them a profile (what the onboarding's name step saves).
 */
export async function memberOf(
  holder: { app: AppServer },
  teamId: string,
  role: MemberRole,
  options: { email?: string; firstName?: string; lastName?: string } = {},
) {
  const user = await buildUser(holder.app, { ...options, email: options.email ?? uniqueEmail(role) });
  await addToTeam(user, teamId, role);
  return { client: await signInAs(user), user, email: user.email };
}

/** A string saved as the editor saves it (`force`: past the placeholder check). */
export async function saveString(client: ApiClient, keyId: string, language: string, value: string) {
  const saved = await call(client, contract.strings.save, {
    params: { keyId, lang: language },
    body: { value, force: true },
  });
  return expectStatus(`saving the ${language} string`, saved, 200);
}

/** Fails with the answer when a factory's request was refused: the data must really be there. */
function expectStatus<T>(what: string, answer: { status: number; body: T }, status: number): T {
  if (answer.status !== status) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)} (expected ${status})`);
  }
  return answer.body;
}

/** A team created by `owner` through the API (the creator is its owner). */
export async function buildTeam(owner: ApiClient, options: { name?: string } = {}) {
  const name = options.name ?? `Team ${uniqueEmail("t").split("@")[0]}`;
  return expectStatus("creating a team", await call(owner, contract.teams.create, { body: { name } }), 201);
}

/**
 * Puts `user` in a team with a role, the row an accepted invite writes (no invite mail, and the
 * billing seats are not told). The teams services own that table; better-auth has no say in it.
 */
export async function addToTeam(user: TestUser, teamId: string, role: MemberRole): Promise<string> {
  const id = crypto.randomUUID();
  await user.app.server.database.db
    .insertInto("members")
    .values({ id, team_id: teamId, user_id: user.id, role, created_at: new Date() })
    .execute();
  return id;
}

/** A project of the team through the API; `languages` beyond the source (en) are added when given. */
export async function buildProject(
  owner: ApiClient,
  teamId: string,
  options: { name?: string; languages?: string[] } = {},
) {
  const answer = await call(owner, contract.projects.create, {
    params: { teamId },
    body: { name: options.name ?? "App" },
  });
  const project = expectStatus("creating a project", answer, 201);
  if (options.languages && options.languages.length > 0) {
    const languages = ["en", ...options.languages.filter((code) => code !== "en")];
    const set = await call(owner, contract.projects.setLanguages, {
      params: { projectId: project.id },
      body: { languages },
    });
    expectStatus("setting the languages", set, 200);
  }
  return project;
}

/**
 * A key through the API, with its source text (`source`) and strings of other languages
 * (`strings`, saved one by one as the editor saves them).
 */
export async function buildKey(
  client: ApiClient,
  projectId: string,
  key: string,
  options: { source?: string; strings?: Record<string, string> } = {},
): Promise<string> {
  const body = options.source === undefined ? { key } : { key, sourceValue: options.source };
  const created = await call(client, contract.keys.create, { params: { projectId: projectId }, body });
  const keyId = expectStatus(`creating key ${key}`, created, 201).id;
  for (const [language, value] of Object.entries(options.strings ?? {})) {
    await saveString(client, keyId, language, value);
  }
  return keyId;
}
