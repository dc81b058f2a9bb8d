import type { Kysely } from "kysely";
import { can } from "../../shared/permissions.ts";
import { ACTIVITY_PAGE_SIZE, type ActivityPage, type ActivityQuery } from "../../shared/schemas/activity.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Access } from "../teams/access.ts";
import { cursorOf, parseCursor, presentEntry } from "./present.ts";
import { selectFeed } from "./queries.ts";

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The team's activity feed, newest first. Owners and admins (`activity.viewAll`) see every entry;
 * reviewers (`activity.view`) see the string work of the team's projects, not who joined, which
 * API keys exist or how the tone changed.
 */
export function createActivityService(deps: { db: Kysely<DB>; access: Access }) {
  const { db, access } = deps;
  return {
    async list(userId: string, teamId: string, query: ActivityQuery): Promise<ActivityPage> {
      const role = await access.team(userId, teamId, "activity.view");
      const before = query.before === undefined ? undefined : parseCursor(query.before);
      if (before === null) throw new AppError("bad_request", "This page of the activity no longer exists");
      if (query.since && query.until && query.since > query.until) {
        throw new AppError("bad_request", "Since must not be after until");
      }
      const rows = await selectFeed(db, {
        teamId,
        stringWorkOnly: !can(role, "activity.viewAll"),
        projectId: query.projectId,
        userId: query.userId,
        kind: query.kind,
        since: query.since ? dayStart(query.since) : undefined,
        until: query.until ? new Date(dayStart(query.until).getTime() + ONE_DAY_MS) : undefined,
        before,
        // One more than a page says whether an older page exists.
        limit: ACTIVITY_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, ACTIVITY_PAGE_SIZE);
      const last = page.at(-1);
      return {
        entries: page.map(presentEntry),
        next: rows.length > ACTIVITY_PAGE_SIZE && last ? cursorOf(last) : null,
      };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
