import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { ActivityKind, ActivityQuery } from "../../src/shared/schemas/activity.ts";
import type { ApiApp, ApiClient } from "./api-app.ts";
import { call } from "./contract-client.ts";
import { teamOfThree } from "./teams.ts";

// Shared by the activity feed's integration tests (issue 22): the team they work in and how they
// read the feed and the table.

/** The team of three (Olga owner, Adam admin, Rita reviewer) with a project in en, de and fr. */
export async function activityTeam(api: ApiApp) {
  const t = await teamOfThree(api);
  const project = await call(t.owner, contract.projects.create, {
    params: { teamId: t.teamId },
    body: { name: "Shop" },
  });
  const projectId = project.body.id;
  await call(t.owner, contract.projects.setLanguages, {
    params: { projectId: projectId },
    body: { languages: ["en", "de", "fr"] },
  });
  const userId = async (email: string) =>
    (await api.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  return { ...t, projectId, ownerUserId: await userId(t.ownerEmail), userId };
}

export async function feed(client: ApiClient, teamId: string, query: ActivityQuery = {}) {
  const answer = await call(client, contract.activity.list, { params: { teamId }, query });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The team's entries of these kinds, newest first, as the owner sees them. */
export async function entries(t: { owner: ApiClient; teamId: string }, ...kinds: ActivityKind[]) {
  const page = await feed(t.owner, t.teamId);
  return page.entries.filter((entry) => kinds.includes(entry.kind));
}

/** Rows of the table itself, whatever the feed shows. */
export async function activityRows(api: ApiApp, teamId: string) {
  return api.db.selectFrom("activity").selectAll().where("team_id", "=", teamId).execute();
}
