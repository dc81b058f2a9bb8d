import type { BillingService } from "../billing/billing-service.ts";
import type { Core } from "../modules/feature-module.ts";
import { createInviteService } from "./invite-service.ts";
import { createMemberService } from "./member-service.ts";
import { teamRoutes } from "./routes.ts";
import { createTeamService } from "./service.ts";

/** Teams, their members and invites; every member is a paid seat of the team's subscription. */
export function teamsModule(core: Core, deps: { billing: BillingService }) {
  const { config, db, access, events, logger } = core;
  const { billing } = deps;
  // A deleted team's subscription is cancelled, so nobody is billed for a team that is gone.
  const teams = createTeamService({
    db,
    access,
    events,
    logger,
    prepareTeamDeletion: (id) => billing.prepareTeamDeletion(id),
  });
  // Joining or leaving a team sets its subscription's quantity.
  const onMembersChanged = (teamId: string) => billing.syncSeats(teamId);
  const invites = createInviteService({
    db,
    access,
    mailer: core.mailer,
    publicUrl: config.publicUrl,
    logger,
    limiter: core.limiter,
    limits: {
      perHourPerUser: config.INVITES_PER_HOUR_PER_USER,
      perDayPerTeam: config.INVITES_PER_DAY_PER_TEAM,
      perDayPerAddress: config.INVITES_PER_DAY_PER_ADDRESS,
    },
    onMembersChanged,
  });
  const members = createMemberService({
    db,
    access,
    onMembersChanged,
    // Their open event streams end now, on every server process, not at the next re-check.
    onAccessEnded: (change) =>
      events.accessChanged(change).catch((error: unknown) => {
        logger.warn({ err: error, ...change }, "after member removal: ending event streams failed");
      }),
  });
  return { name: "teams", routes: teamRoutes(teams, members, invites), teams, invites };
}
