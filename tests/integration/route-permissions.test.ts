import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MemberRole, PERMISSIONS, type Permission } from "../../src/shared/permissions.ts";
import { type ApiClient, apiAppForThisFile, uniqueEmail } from "../helpers/api-app.ts";
import { type StripeServer, startStripeServer } from "../helpers/stripe-server.ts";

/**
 * Every route the app registers, called as anonymous, a signed-in outsider, and the team's
 * reviewer, admin and owner (issue 6): the answer must be what `src/shared/permissions.ts` says.
 * Allowed callers must get the route's success status (so the call really did its work), an
 * outsider 404 (another team's things do not exist for them), a member without the right 403,
 * and anonymous 401. A route without a row here fails the first test: a new route cannot ship
 * without saying who may call it.
 */

const CALLERS = ["anonymous", "outsider", "reviewer", "admin", "owner"] as const;
type Caller = (typeof CALLERS)[number];

interface Fixture {
  teamId: string;
  projectId: string;
  keyId: string;
  historyId: number;
  batchId: string;
  sectionId: string;
  owner: ApiClient;
  /** A new project of the team (languages en, de), one key with a German string and one without. */
  freshProject(): Promise<string>;
  freshKey(projectId?: string): Promise<string>;
}

type Expected = Record<Caller, number>;

interface RouteCase {
  /** As registered: `METHOD /path/:param`. */
  route: string;
  /** The concrete path; called once per caller, so a destructive route can make a fresh target. */
  path: (f: Fixture) => string | Promise<string>;
  body?: (f: Fixture) => unknown;
  expected: Expected;
  /** Ends the caller's session (sign-out): signed-in callers use a throwaway session instead. */
  endsSession?: true;
}

/** Who may, by the permission table: allowed members get `ok`, the rest the usual refusals. */
function byPermission(permission: Permission, ok: number): Expected {
  const allowed = PERMISSIONS[permission] as readonly MemberRole[];
  const member = (role: MemberRole) => (allowed.includes(role) ? ok : 403);
  return {
    anonymous: 401,
    outsider: 404,
    reviewer: member("reviewer"),
    admin: member("admin"),
    owner: member("owner"),
  };
}
/** Routes about the caller themself: any signed-in user. */
const signedIn = (ok: number): Expected => ({
  anonymous: 401,
  outsider: ok,
  reviewer: ok,
  admin: ok,
  owner: ok,
});
const everyone = (ok: number): Expected => ({
  anonymous: ok,
  outsider: ok,
  reviewer: ok,
  admin: ok,
  owner: ok,
});

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

const CASES: RouteCase[] = [
  // Sign-in and the caller's own things.
  {
    route: "POST /api/auth/code",
    path: () => "/api/auth/code",
    body: () => ({ email: uniqueEmail("code") }),
    expected: everyone(200),
  },
  {
    route: "POST /api/auth/verify",
    path: () => "/api/auth/verify",
    body: () => ({ email: uniqueEmail("verify"), code: "000000" }),
    // A wrong code is refused alike for everyone: the route itself is public.
    expected: everyone(400),
  },
  {
    route: "POST /api/auth/sign-out",
    path: () => "/api/auth/sign-out",
    expected: everyone(204),
    endsSession: true,
  },
  { route: "GET /api/me", path: () => "/api/me", expected: signedIn(200) },
  {
    route: "PUT /api/profile",
    path: () => "/api/profile",
    body: () => ({ firstName: "Same", lastName: "Person" }),
    expected: signedIn(200),
  },
  { route: "GET /api/teams", path: () => "/api/teams", expected: signedIn(200) },
  {
    route: "POST /api/teams",
    path: () => "/api/teams",
    body: () => ({ name: unique("Team ") }),
    expected: signedIn(201),
  },
  { route: "GET /api/ai/status", path: () => "/api/ai/status", expected: signedIn(200) },

  // Team, members and invites (src/server/teams).
  {
    route: "PATCH /api/teams/:teamId",
    path: (f) => `/api/teams/${f.teamId}`,
    body: () => ({ name: "Matrix" }),
    expected: byPermission("team.edit", 200),
  },
  {
    route: "DELETE /api/teams/:teamId",
    path: async () => `/api/teams/${await freshTeam()}`,
    expected: byPermission("team.delete", 204),
  },
  {
    route: "GET /api/teams/:teamId/members",
    path: (f) => `/api/teams/${f.teamId}/members`,
    expected: byPermission("team.view", 200),
  },
  {
    route: "PATCH /api/teams/:teamId/members/:memberId",
    path: async (f) => `/api/teams/${f.teamId}/members/${await freshMember(f)}`,
    body: () => ({ role: "admin" }),
    expected: byPermission("team.manageRoles", 200),
  },
  {
    route: "DELETE /api/teams/:teamId/members/:memberId",
    path: async (f) => `/api/teams/${f.teamId}/members/${await freshMember(f)}`,
    expected: byPermission("members.remove", 204),
  },
  {
    route: "GET /api/teams/:teamId/invites",
    path: (f) => `/api/teams/${f.teamId}/invites`,
    expected: byPermission("team.view", 200),
  },
  {
    route: "POST /api/teams/:teamId/invites",
    path: (f) => `/api/teams/${f.teamId}/invites`,
    body: () => ({ email: uniqueEmail("invited") }),
    expected: byPermission("members.add", 201),
  },
  {
    route: "DELETE /api/teams/:teamId/invites/:inviteId",
    path: async (f) => `/api/teams/${f.teamId}/invites/${await freshInvite(f)}`,
    expected: byPermission("members.remove", 204),
  },
  { route: "POST /api/invites/accept", path: () => "/api/invites/accept", expected: signedIn(200) },

  // Projects and languages.
  {
    route: "GET /api/teams/:teamId/projects",
    path: (f) => `/api/teams/${f.teamId}/projects`,
    expected: byPermission("team.view", 200),
  },
  {
    route: "POST /api/teams/:teamId/projects",
    path: (f) => `/api/teams/${f.teamId}/projects`,
    body: () => ({ name: unique("Project ") }),
    expected: byPermission("projects.manage", 201),
  },
  {
    route: "PATCH /api/projects/:id",
    path: (f) => `/api/projects/${f.projectId}`,
    body: () => ({ name: unique("Renamed ") }),
    expected: byPermission("projects.manage", 200),
  },
  {
    route: "DELETE /api/projects/:id",
    path: async (f) => `/api/projects/${await f.freshProject()}`,
    expected: byPermission("projects.manage", 204),
  },
  {
    route: "PUT /api/projects/:id/languages",
    path: (f) => `/api/projects/${f.projectId}/languages`,
    body: () => ({ languages: ["en", "de"] }),
    expected: byPermission("languages.edit", 200),
  },
  {
    route: "GET /api/projects/:id/completion",
    path: (f) => `/api/projects/${f.projectId}/completion`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "GET /api/projects/:id/events",
    path: (f) => `/api/projects/${f.projectId}/events`,
    expected: byPermission("languages.view", 200),
  },

  // Keys and strings.
  {
    route: "GET /api/projects/:id/keys",
    path: (f) => `/api/projects/${f.projectId}/keys?languages=en,de`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "POST /api/projects/:id/keys",
    path: (f) => `/api/projects/${f.projectId}/keys`,
    body: () => ({ key: unique("new.key.") }),
    expected: byPermission("keys.manage", 201),
  },
  {
    route: "PATCH /api/keys/:keyId",
    path: async (f) => `/api/keys/${await f.freshKey()}`,
    body: () => ({ key: unique("renamed.") }),
    expected: byPermission("keys.manage", 200),
  },
  {
    route: "DELETE /api/keys/:keyId",
    path: async (f) => `/api/keys/${await f.freshKey()}`,
    expected: byPermission("keys.manage", 204),
  },
  {
    route: "PUT /api/keys/:keyId/strings/:lang",
    path: (f) => `/api/keys/${f.keyId}/strings/de`,
    body: () => ({ value: unique("Hallo "), force: true }),
    expected: byPermission("strings.edit", 200),
  },
  {
    route: "DELETE /api/projects/:id/strings/:lang",
    path: async (f) => `/api/projects/${await f.freshProject()}/strings/de`,
    expected: byPermission("strings.delete", 200),
  },
  {
    route: "GET /api/keys/:keyId/strings/:lang/history",
    path: (f) => `/api/keys/${f.keyId}/strings/en/history`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "POST /api/keys/:keyId/strings/:lang/restore",
    path: (f) => `/api/keys/${f.keyId}/strings/en/restore`,
    body: (f) => ({ historyId: f.historyId }),
    expected: byPermission("strings.edit", 200),
  },
  {
    route: "POST /api/keys/:keyId/strings/:lang/translate",
    path: (f) => `/api/keys/${f.keyId}/strings/de/translate`,
    body: () => ({}),
    expected: byPermission("strings.edit", 200),
  },
  {
    route: "POST /api/keys/:keyId/strings/:lang/assist",
    path: (f) => `/api/keys/${f.keyId}/strings/en/assist`,
    body: () => ({ action: "shorten" }),
    expected: byPermission("strings.edit", 200),
  },
  {
    route: "GET /api/keys/:keyId/strings/:lang/suggestions",
    path: (f) => `/api/keys/${f.keyId}/strings/de/suggestions`,
    expected: byPermission("strings.edit", 200),
  },

  // Batch translation.
  {
    route: "POST /api/projects/:projectId/batch-translations",
    path: async (f) => `/api/projects/${await f.freshProject()}/batch-translations`,
    body: () => ({ language: "de" }),
    expected: byPermission("strings.batchTranslate", 201),
  },
  {
    route: "GET /api/projects/:projectId/batch-translations",
    path: (f) => `/api/projects/${f.projectId}/batch-translations`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "GET /api/batch-translations/:batchId",
    path: (f) => `/api/batch-translations/${f.batchId}`,
    expected: byPermission("languages.view", 200),
  },
  {
    route: "DELETE /api/batch-translations/:batchId",
    path: async (f) => `/api/batch-translations/${await runningBatch(f)}`,
    expected: byPermission("strings.batchTranslate", 200),
  },

  // Files.
  {
    route: "POST /api/projects/:projectId/import",
    path: (f) => `/api/projects/${f.projectId}/import`,
    body: () => {
      const form = new FormData();
      form.set("file", new File([JSON.stringify({ [unique("imported.")]: "Imported" })], "en.json"));
      form.set("language", "en");
      return form;
    },
    expected: byPermission("keys.manage", 200),
  },
  {
    route: "POST /api/projects/:projectId/export",
    path: (f) => `/api/projects/${f.projectId}/export`,
    body: () => ({ languages: ["en", "de"] }),
    expected: byPermission("languages.view", 200),
  },

  // Tone of voice.
  {
    route: "GET /api/teams/:teamId/tone",
    path: (f) => `/api/teams/${f.teamId}/tone`,
    expected: byPermission("tone.view", 200),
  },
  {
    route: "PUT /api/teams/:teamId/tone",
    path: (f) => `/api/teams/${f.teamId}/tone`,
    body: () => ({ brandTone: unique("Warm ") }),
    expected: byPermission("tone.manage", 200),
  },
  {
    route: "GET /api/teams/:teamId/tone/sections",
    path: (f) => `/api/teams/${f.teamId}/tone/sections`,
    expected: byPermission("tone.view", 200),
  },
  {
    route: "POST /api/teams/:teamId/tone/sections",
    path: (f) => `/api/teams/${f.teamId}/tone/sections`,
    body: () => ({ title: unique("Section ") }),
    expected: byPermission("tone.manage", 201),
  },
  {
    route: "PATCH /api/tone/sections/:id",
    path: (f) => `/api/tone/sections/${f.sectionId}`,
    body: () => ({ title: unique("Retitled ") }),
    expected: byPermission("tone.manage", 200),
  },
  {
    route: "DELETE /api/tone/sections/:id",
    path: async (f) => `/api/tone/sections/${await freshSection(f)}`,
    expected: byPermission("tone.manage", 204),
  },

  // Reviews and approvals.
  {
    route: "GET /api/projects/:projectId/reviews",
    path: (f) => `/api/projects/${f.projectId}/reviews`,
    expected: byPermission("reviews.view", 200),
  },
  {
    route: "POST /api/projects/:projectId/reviews",
    path: (f) => `/api/projects/${f.projectId}/reviews`,
    body: (f) => ({ title: unique("Review "), keyIds: [f.keyId] }),
    expected: byPermission("reviews.manage", 201),
  },
  {
    route: "GET /api/projects/:projectId/approvals",
    path: (f) => `/api/projects/${f.projectId}/approvals`,
    expected: byPermission("reviews.view", 200),
  },
  {
    route: "GET /api/reviews/:reviewId",
    path: async (f) => `/api/reviews/${await freshReview(f)}`,
    expected: byPermission("reviews.view", 200),
  },
  {
    route: "PATCH /api/reviews/:reviewId",
    path: async (f) => `/api/reviews/${await freshReview(f)}`,
    body: () => ({ title: unique("Retitled ") }),
    expected: byPermission("reviews.manage", 200),
  },
  {
    route: "DELETE /api/reviews/:reviewId",
    path: async (f) => `/api/reviews/${await freshReview(f)}`,
    expected: byPermission("reviews.manage", 204),
  },
  {
    route: "POST /api/reviews/:reviewId/keys",
    path: async (f) => `/api/reviews/${await freshReview(f, [])}/keys`,
    body: (f) => ({ keyIds: [f.keyId] }),
    expected: byPermission("reviews.manage", 200),
  },
  {
    route: "DELETE /api/reviews/:reviewId/keys/:keyId",
    path: async (f) => `/api/reviews/${await freshReview(f)}/keys/${f.keyId}`,
    expected: byPermission("reviews.manage", 200),
  },
  {
    route: "PUT /api/reviews/:reviewId/approvals",
    path: async (f) => `/api/reviews/${await freshReview(f)}/approvals`,
    body: (f) => ({ keyId: f.keyId, language: "de", state: "approved" }),
    expected: byPermission("reviews.approve", 200),
  },

  // API keys and the pull API (authorized by the key, not a session: every session gets 401).
  {
    route: "GET /api/projects/:projectId/api-keys",
    path: (f) => `/api/projects/${f.projectId}/api-keys`,
    expected: byPermission("projects.manageApiKeys", 200),
  },
  {
    route: "POST /api/projects/:projectId/api-keys",
    path: (f) => `/api/projects/${f.projectId}/api-keys`,
    body: () => ({ name: unique("CI ") }),
    expected: byPermission("projects.manageApiKeys", 201),
  },
  {
    route: "DELETE /api/api-keys/:id",
    path: async (f) => `/api/api-keys/${await freshApiKey(f)}`,
    expected: byPermission("projects.manageApiKeys", 204),
  },
  {
    route: "POST /api/v1/pull",
    path: () => "/api/v1/pull",
    body: () => ({ format: "json", placeholderFormat: "web" }),
    expected: everyone(401),
  },
  {
    route: "POST /functions/v1/pull-translations",
    path: () => "/functions/v1/pull-translations",
    body: () => ({ format: "json", placeholderFormat: "web" }),
    expected: everyone(401),
  },

  // Billing (the app runs with Stripe configured, against tests/helpers/stripe-server.ts).
  { route: "GET /api/billing/plans", path: () => "/api/billing/plans", expected: signedIn(200) },
  {
    route: "GET /api/teams/:teamId/subscription",
    path: (f) => `/api/teams/${f.teamId}/subscription`,
    expected: byPermission("team.view", 200),
  },
  {
    route: "POST /api/teams/:teamId/billing/checkout",
    path: (f) => `/api/teams/${f.teamId}/billing/checkout`,
    body: () => ({ priceId: "price_team_month", productId: "prod_team" }),
    expected: byPermission("team.manageBilling", 200),
  },
  {
    route: "POST /api/teams/:teamId/billing/portal",
    path: async (f) => `/api/teams/${await endedSubscription(f)}/billing/portal`,
    body: () => ({ returnUrl: `${api().app.url}/app/team` }),
    expected: byPermission("team.manageBilling", 200),
  },
  {
    // Authorized by the provider's signature, not a session: unsigned, everyone gets 400.
    route: "POST /api/billing/webhook",
    path: () => "/api/billing/webhook",
    body: () => ({ id: "evt_unsigned", object: "event", type: "customer.subscription.updated" }),
    expected: everyone(400),
  },

  // Public documents and the app itself.
  { route: "GET /api/openapi.json", path: () => "/api/openapi.json", expected: everyone(200) },
  { route: "GET /api/docs", path: () => "/api/docs", expected: everyone(200) },
  { route: "GET /api/docs/scalar.js", path: () => "/api/docs/scalar.js", expected: everyone(200) },
  { route: "GET /cli/sprog.mjs", path: () => "/cli/sprog.mjs", expected: everyone(200) },
  // The SPA for every other GET (503 when the web is not built, which the statuses of all agree on).
  { route: "GET /*", path: () => "/app/team", expected: everyone(-1) },
];

/** A team of the fixture's owner in which the reviewer and admin hold their roles (to be deleted). */
async function freshTeam(): Promise<string> {
  const owner = clients.get("owner") as ApiClient;
  const team = await owner.request<{ id: string }>("POST", "/api/teams", {
    body: { name: unique("Doomed ") },
  });
  for (const role of ["reviewer", "admin"] as const)
    await addMember(team.body.id, clients.get(role) as ApiClient, role);
  return team.body.id;
}

/** A reviewer of the fixture team, made in the database (no sign-in code spent). */
async function freshMember(f: Fixture): Promise<string> {
  const userId = randomUUID();
  await api()
    .db.insertInto("users")
    .values({ id: userId, email: uniqueEmail("member") })
    .execute();
  const id = randomUUID();
  await api()
    .db.insertInto("members")
    .values({ id, team_id: f.teamId, user_id: userId, role: "reviewer" })
    .execute();
  return id;
}

async function freshInvite(f: Fixture): Promise<string> {
  const answer = await f.owner.request<{ id: string }>("POST", `/api/teams/${f.teamId}/invites`, {
    body: { email: uniqueEmail("doomed") },
  });
  return answer.body.id;
}

async function runningBatch(f: Fixture): Promise<string> {
  const projectId = await f.freshProject();
  const row = await sql<{ id: string }>`
    insert into batch_translation_jobs (project_id, source_language, target_language, status, total_items, chunk_count, model)
    values (${projectId}, 'en', 'de', 'processing', 1, 1, 'gpt-4o-mini')
    returning id
  `.execute(api().db);
  return row.rows[0]?.id ?? "";
}

async function freshReview(f: Fixture, keyIds = [f.keyId]): Promise<string> {
  const answer = await f.owner.request<{ id: string }>("POST", `/api/projects/${f.projectId}/reviews`, {
    body: { title: unique("Review "), ...(keyIds.length > 0 ? { keyIds } : {}) },
  });
  return answer.body.id;
}

async function freshSection(f: Fixture): Promise<string> {
  const answer = await f.owner.request<{ id: string }>("POST", `/api/teams/${f.teamId}/tone/sections`, {
    body: { title: unique("Doomed ") },
  });
  return answer.body.id;
}

async function freshApiKey(f: Fixture): Promise<string> {
  const answer = await f.owner.request<{ id: string }>("POST", `/api/projects/${f.projectId}/api-keys`, {
    body: { name: unique("Doomed ") },
  });
  return answer.body.id;
}

/**
 * The fixture team with an ended subscription: it has a customer (the portal opens) and nothing live
 * (checkout is allowed, member changes touch no seats).
 */
async function endedSubscription(f: Fixture): Promise<string> {
  await api()
    .db.insertInto("subscriptions")
    .values({ team_id: f.teamId, provider: "stripe", provider_customer_id: "cus_matrix", status: "canceled" })
    .onConflict((oc) => oc.column("team_id").doNothing())
    .execute();
  return f.teamId;
}

let stripe: StripeServer | undefined;
const api = apiAppForThisFile({
  env: async () => {
    stripe = await startStripeServer();
    return stripe.env();
  },
});
afterAll(async () => {
  await stripe?.close();
});
let fixture: Fixture;
const clients = new Map<Caller, ApiClient>();

async function addMember(teamId: string, client: ApiClient, role: MemberRole) {
  const me = await client.request<{ user: { id: string } }>("GET", "/api/me");
  await api()
    .db.insertInto("members")
    .values({ id: randomUUID(), team_id: teamId, user_id: me.body.user.id, role })
    .execute();
}

beforeAll(async () => {
  const owner = await api().signIn(uniqueEmail("owner"));
  await owner.request("PUT", "/api/profile", { body: { firstName: "Olga", lastName: "Owner" } });
  const team = await owner.request<{ id: string }>("POST", "/api/teams", { body: { name: "Matrix" } });
  const teamId = team.body.id;

  const freshProject = async () => {
    const project = await owner.request<{ id: string }>("POST", `/api/teams/${teamId}/projects`, {
      body: { name: unique("Fresh ") },
    });
    await owner.request("PUT", `/api/projects/${project.body.id}/languages`, {
      body: { languages: ["en", "de"] },
    });
    // "k" waits for its German string (a batch has work); "done" has one (clearing German has work).
    await owner.request("POST", `/api/projects/${project.body.id}/keys`, {
      body: { key: "k", sourceValue: "Hello" },
    });
    const done = await owner.request<{ id: string }>("POST", `/api/projects/${project.body.id}/keys`, {
      body: { key: "done", sourceValue: "Bye" },
    });
    await owner.request("PUT", `/api/keys/${done.body.id}/strings/de`, { body: { value: "Tschüss" } });
    return project.body.id;
  };
  const projectId = await freshProject();
  const freshKey = async (inProject = projectId) => {
    const key = await owner.request<{ id: string }>("POST", `/api/projects/${inProject}/keys`, {
      body: { key: unique("fresh."), sourceValue: "Fresh" },
    });
    return key.body.id;
  };
  const keyId = await freshKey();
  const history = await owner.request<{ entries: { id: number }[] }>(
    "GET",
    `/api/keys/${keyId}/strings/en/history`,
  );
  const batch = await owner.request<{ id: string }>("POST", `/api/projects/${projectId}/batch-translations`, {
    body: { language: "de" },
  });
  const section = await owner.request<{ id: string }>("POST", `/api/teams/${teamId}/tone/sections`, {
    body: { title: "Voice" },
  });
  fixture = {
    teamId,
    projectId,
    keyId,
    historyId: history.body.entries[0]?.id ?? 0,
    batchId: batch.body.id,
    sectionId: section.body.id,
    owner,
    freshProject,
    freshKey,
  };

  const reviewer = await api().signIn(uniqueEmail("reviewer"));
  await addMember(teamId, reviewer, "reviewer");
  const admin = await api().signIn(uniqueEmail("admin"));
  await addMember(teamId, admin, "admin");
  const outsider = await api().signIn(uniqueEmail("outsider"));
  await outsider.request("POST", "/api/teams", { body: { name: "Elsewhere" } });
  clients.set("anonymous", api().client());
  clients.set("outsider", outsider);
  clients.set("reviewer", reviewer);
  clients.set("admin", admin);
  clients.set("owner", owner);
});

/** The status only; a streaming answer (events) is cut off once its head has arrived. */
async function statusOf(caller: Caller, routeCase: RouteCase): Promise<number> {
  const client =
    routeCase.endsSession && caller !== "anonymous"
      ? await api().signIn(uniqueEmail("leaving"))
      : clients.get(caller);
  const [method = "GET"] = routeCase.route.split(" ");
  const path = await routeCase.path(fixture);
  const headers: Record<string, string> = {};
  if (client?.cookie) headers.cookie = client.cookie;
  const given = routeCase.body?.(fixture);
  let body: BodyInit | undefined;
  if (given instanceof FormData) body = given;
  else if (given !== undefined) {
    body = JSON.stringify(given);
    headers["content-type"] = "application/json";
  }
  const response = await fetch(`${api().app.url}${path}`, { method, headers, body, redirect: "manual" });
  await response.body?.cancel();
  return response.status;
}

describe("route × role matrix", () => {
  it("has a row for every route the app registers, and no row for a route it does not", () => {
    const registered = api()
      .app.server.routes.map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(CASES.map((c) => c.route).sort()).toEqual(registered);
  });

  for (const routeCase of CASES) {
    it(routeCase.route, async () => {
      const got = {} as Expected;
      for (const caller of CALLERS) got[caller] = await statusOf(caller, routeCase);
      if (routeCase.route === "GET /*") {
        // Whatever the SPA answers (200 built, 503 not built), it answers everyone alike.
        const first = got.anonymous;
        expect([200, 503]).toContain(first);
        expect(got).toEqual(everyone(first));
        return;
      }
      expect(got).toEqual(routeCase.expected);
    });
  }
});
