import { sql } from "kysely";
import { contractRequest } from "../../../src/shared/contract/http-request.ts";
import { contract } from "../../../src/shared/contract/index.ts";
import type { ApiApp } from "../api-app.ts";
import type { ApiClient } from "../api-client.ts";
import { call } from "../contract-client.ts";
import {
  addToTeam,
  buildKey,
  buildProject,
  buildTeam,
  buildUser,
  signInAs,
  type TestUser,
  uniqueEmail,
} from "../factories.ts";
import { type Caller, type Fixture, type RouteCase, unique } from "./matrix.ts";

export interface Matrix {
  fixture: Fixture;
  clients: Map<Caller, ApiClient>;
}

/**
 * The matrix's world: the owner's team "Matrix" with a project, a key with history, a running batch
 * and a tone section; a reviewer and an admin of it; an outsider with a team of their own. People
 * are made by the factories, so no sign-in code is spent on them.
 */
export async function buildMatrix(api: ApiApp): Promise<Matrix> {
  const app = api.app;
  const ownerUser = await buildUser(app, {
    email: uniqueEmail("owner"),
    firstName: "Olga",
    lastName: "Owner",
  });
  const owner = await signInAs(ownerUser);
  const teamId = (await buildTeam(owner, { name: "Matrix" })).id;

  const freshProject = async () => {
    const project = await buildProject(owner, teamId, { name: unique("Fresh "), languages: ["de"] });
    // "k" waits for its German string (a batch has work); "done" has one (clearing German has work).
    await buildKey(owner, project.id, "k", { source: "Hello" });
    await buildKey(owner, project.id, "done", { source: "Bye", strings: { de: "Tschüss" } });
    return project.id;
  };
  const projectId = await freshProject();
  const freshKey = (inProject = projectId) =>
    buildKey(owner, inProject, unique("fresh."), { source: "Fresh" });
  const keyId = await freshKey();
  const history = await call(owner, contract.strings.history, { params: { keyId, lang: "en" } });
  const batch = await call(owner, contract.batch.start, { params: { projectId }, body: { language: "de" } });
  const section = await call(owner, contract.tone.createSection, {
    params: { teamId },
    body: { title: "Voice" },
  });

  const members: Record<"reviewer" | "admin", TestUser> = {
    reviewer: await buildUser(app, { email: uniqueEmail("reviewer") }),
    admin: await buildUser(app, { email: uniqueEmail("admin") }),
  };
  for (const role of ["reviewer", "admin"] as const) await addToTeam(members[role], teamId, role);
  const outsider = await signInAs(await buildUser(app, { email: uniqueEmail("outsider") }));
  await buildTeam(outsider, { name: "Elsewhere" });

  const fixture: Fixture = {
    appUrl: app.url,
    teamId,
    projectId,
    keyId,
    historyId: history.body.entries[0]?.id ?? 0,
    batchId: batch.body.id,
    sectionId: section.body.id,
    owner,
    freshProject,
    freshKey,
    async freshTeam() {
      const team = await buildTeam(owner, { name: unique("Doomed ") });
      for (const role of ["reviewer", "admin"] as const) await addToTeam(members[role], team.id, role);
      return team.id;
    },
    async freshMember() {
      return addToTeam(await buildUser(app, { email: uniqueEmail("member") }), teamId, "reviewer");
    },
    async freshInvite() {
      const answer = await call(owner, contract.teams.invite, {
        params: { teamId },
        body: { email: uniqueEmail("doomed") },
      });
      return answer.body.id;
    },
    async runningBatch() {
      const batchProject = await freshProject();
      const row = await sql<{ id: string }>`
        insert into batch_translation_jobs (project_id, source_language, target_language, status, total_items, chunk_count, model)
        values (${batchProject}, 'en', 'de', 'processing', 1, 1, 'gpt-4o-mini')
        returning id
      `.execute(api.db);
      return row.rows[0]?.id ?? "";
    },
    async freshReview(keyIds = [keyId]) {
      const answer = await call(owner, contract.reviews.create, {
        params: { projectId },
        body: { title: unique("Review "), ...(keyIds.length > 0 ? { keyIds } : {}) },
      });
      return answer.body.id;
    },
    async freshSection() {
      const answer = await call(owner, contract.tone.createSection, {
        params: { teamId },
        body: { title: unique("Doomed ") },
      });
      return answer.body.id;
    },
    async freshApiKey() {
      const answer = await call(owner, contract.apiKeys.create, {
        params: { projectId },
        body: { name: unique("Doomed ") },
      });
      return answer.body.id;
    },
    async endedSubscription() {
      await api.db
        .insertInto("subscriptions")
        .values({
          team_id: teamId,
          provider: "stripe",
          provider_customer_id: "cus_matrix",
          status: "canceled",
        })
        .onConflict((oc) => oc.column("team_id").doNothing())
        .execute();
      return teamId;
    },
  };

  const clients = new Map<Caller, ApiClient>([
    ["anonymous", api.client()],
    ["outsider", outsider],
    ["reviewer", await signInAs(members.reviewer)],
    ["admin", await signInAs(members.admin)],
    ["owner", owner],
  ]);
  return { fixture, clients };
}

/** The status only; a streaming answer (events) is cut off once its head has arrived. */
export async function statusOf(
  api: ApiApp,
  matrix: Matrix,
  caller: Caller,
  routeCase: RouteCase,
): Promise<number> {
  const response = await responseOf(api, matrix, caller, routeCase);
  // Not read: an event stream the caller may open does not end.
  await response.body?.cancel();
  return response.status;
}

/**
 * The caller's answer to a row's request, its status and body text: for answers that end (an
 * outsider's 404). `path` may change the request's path first (the same request for ids of
 * nothing).
 */
export async function answerOf(
  api: ApiApp,
  matrix: Matrix,
  caller: Caller,
  routeCase: RouteCase,
  path?: (path: string) => string,
): Promise<{ status: number; body: string }> {
  const response = await responseOf(api, matrix, caller, routeCase, path);
  return { status: response.status, body: await response.text() };
}

async function responseOf(
  api: ApiApp,
  matrix: Matrix,
  caller: Caller,
  routeCase: RouteCase,
  path: (path: string) => string = (same) => same,
): Promise<Response> {
  const client =
    routeCase.endsSession && caller !== "anonymous"
      ? await signInAs(await buildUser(api.app, { email: uniqueEmail("leaving") }))
      : matrix.clients.get(caller);
  const request = await requestOfCase(routeCase, matrix.fixture);
  const headers: Record<string, string> = {};
  if (client?.cookie) headers.cookie = client.cookie;
  let body: BodyInit | undefined;
  const { given } = request;
  if (given instanceof FormData) body = given;
  else if (given !== undefined) {
    body = JSON.stringify(given);
    headers["content-type"] = "application/json";
  }
  return fetch(`${api.app.url}${path(request.path)}`, {
    method: request.method,
    headers,
    body,
    redirect: "manual",
  });
}

/** A row's request: from the contract for an endpoint row, as written for a hand row. */
async function requestOfCase(
  routeCase: RouteCase,
  f: Fixture,
): Promise<{ method: string; path: string; given: unknown }> {
  if ("endpoint" in routeCase) {
    const input = await routeCase.input?.(f);
    const { method, url, body } = contractRequest(routeCase.endpoint, input);
    return { method, path: url, given: routeCase.body ? routeCase.body(f) : body?.value };
  }
  const [method = "GET"] = routeCase.route.split(" ");
  return { method, path: await routeCase.path(f), given: routeCase.body?.(f) };
}
