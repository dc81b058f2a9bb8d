import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { recordActivity } from "../../src/server/activity/record.ts";
import { startActivityRetention } from "../../src/server/activity/retention.ts";
import { createLogger } from "../../src/server/logger.ts";
import { contract } from "../../src/shared/contract/index.ts";
import { ACTIVITY_PAGE_SIZE, type ActivityEntry } from "../../src/shared/schemas/activity.ts";
import { activityRows, activityTeam, feed } from "../helpers/activity.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey } from "../helpers/factories.ts";
import { listenToBus } from "../helpers/reviews.ts";
import { membersOf } from "../helpers/teams.ts";
import { createApiKey } from "../helpers/transfer.ts";

// The activity feed (issue 22) as owners, admins and reviewers read it: visibility, filters,
// paging, live events and retention. Each kind's recording is in activity.test.ts.

const api = apiAppForThisFile();
const setup = () => activityTeam(api());
const rowsOf = (teamId: string) => activityRows(api(), teamId);

describe("the feed", () => {
  it("shows reviewers the string work only; owners and admins everything; outsiders nothing", async () => {
    const t = await setup();
    await buildKey(t.owner, t.projectId, "a.key", { source: "Ay" });
    await createApiKey(t.owner, t.projectId, "CI");
    const teamId = t.teamId;
    await call(t.owner, contract.tone.updateSettings, { params: { teamId }, body: { brandTone: "Calm" } });
    const memberId = (await membersOf(t.owner, teamId)).find((m) => m.email === t.adminEmail)?.id ?? "";
    const params = { teamId, memberId };
    await call(t.owner, contract.teams.updateMemberRole, { params, body: { role: "reviewer" } });
    await call(t.owner, contract.teams.updateMemberRole, { params, body: { role: "admin" } });

    const all = new Set((await feed(t.owner, t.teamId)).entries.map((entry) => entry.kind));
    expect(all).toEqual(new Set(["key.created", "api_key.created", "tone.edited", "member.role_changed"]));
    expect(new Set((await feed(t.admin, t.teamId)).entries.map((entry) => entry.kind))).toEqual(all);
    expect((await feed(t.reviewer, t.teamId)).entries.map((entry) => entry.kind)).toEqual(["key.created"]);
    const outsider = await call(t.outsider, contract.activity.list, {
      params: { teamId: t.teamId },
      query: {},
    });
    expect(outsider.status).toBe(404);
  });

  it("filters by project, person, kind and days, and pages newest first with a cursor", async () => {
    const t = await setup();
    const other = await call(t.owner, contract.projects.create, {
      params: { teamId: t.teamId },
      body: { name: "Other" },
    });
    await buildKey(t.admin, other.body.id, "x.key");
    const db = api().db;
    // More than a page of entries, some in the same instant (the cursor must not skip those).
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < ACTIVITY_PAGE_SIZE + 7; i++) {
        await recordActivity(trx, {
          teamId: t.teamId,
          projectId: t.projectId,
          userId: t.ownerUserId,
          kind: "key.created",
          keys: [{ id: crypto.randomUUID(), key: `k${i}` }],
        });
      }
    });
    await db
      .updateTable("activity")
      .set({ created_at: sql<Date>`now() - interval '3 days'` })
      .where("team_id", "=", t.teamId)
      .where("key_names", "=", sql<string[]>`array['k0']`)
      .execute();

    const first = await feed(t.owner, t.teamId, { projectId: t.projectId });
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = await feed(t.owner, t.teamId, { projectId: t.projectId, before: first.next ?? "" });
    expect(second.next).toBeNull();
    const names = [...first.entries, ...second.entries].map((entry: ActivityEntry) => entry.keys[0]?.key);
    expect(names).toHaveLength(ACTIVITY_PAGE_SIZE + 7);
    expect(new Set(names).size).toBe(ACTIVITY_PAGE_SIZE + 7);
    expect(names.at(-1)).toBe("k0");

    const adminId = await t.userId(t.adminEmail);
    expect((await feed(t.owner, t.teamId, { userId: adminId })).entries).toMatchObject([
      { kind: "key.created", projectName: "Other", keys: [{ key: "x.key" }] },
    ]);
    expect((await feed(t.owner, t.teamId, { kind: "strings.edited" })).entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const old = await feed(t.owner, t.teamId, { until: threeDaysAgo });
    expect(old.entries.map((entry) => entry.keys[0]?.key)).toEqual(["k0"]);
    const recent = await feed(t.owner, t.teamId, { since: today, projectId: t.projectId });
    expect(recent.entries.some((entry) => entry.keys[0]?.key === "k0")).toBe(false);

    const bad = await call(t.owner, contract.activity.list, {
      params: { teamId: t.teamId },
      query: { before: "not a cursor" },
    });
    expect(bad.status).toBe(400);
  });

  it("publishes string work on the project's stream after the commit, not API keys", async () => {
    const t = await setup();
    const bus = await listenToBus(api());
    try {
      await buildKey(t.owner, t.projectId, "live.key");
      await createApiKey(t.owner, t.projectId, "Hidden");
      const deadline = Date.now() + 5000;
      const activity = () =>
        bus.seen.filter(
          (m): m is { projectId: string; event: { type: string; data: ActivityEntry } } =>
            (m as { event?: { type?: string } }).event?.type === "activity.created",
        );
      while (activity().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      expect(activity().map((m) => [m.projectId, m.event.data.kind, m.event.data.keys])).toEqual([
        [t.projectId, "key.created", [expect.objectContaining({ key: "live.key" })]],
      ]);
    } finally {
      await bus.stop();
    }
  });

  it("deletes entries older than the retention when the server starts", async () => {
    const t = await setup();
    await buildKey(t.owner, t.projectId, "fresh");
    await buildKey(t.owner, t.projectId, "old");
    await api()
      .db.updateTable("activity")
      .set({ created_at: sql<Date>`now() - interval '366 days'` })
      .where("team_id", "=", t.teamId)
      .where("key_names", "=", sql<string[]>`array['old']`)
      .execute();
    const retention = startActivityRetention({
      db: api().db,
      days: 365,
      logger: createLogger("silent"),
    });
    await retention.ready();
    await retention.stop();
    expect((await rowsOf(t.teamId)).map((row) => row.key_names)).toEqual([["fresh"]]);
  });
});
