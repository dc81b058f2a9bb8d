import type { Core } from "../modules/feature-module.ts";
import type { ProfileService } from "../profiles/service.ts";
import type { SsoSignInService } from "../sso/sign-in-service.ts";
import type { InviteService } from "../teams/invite-service.ts";
import type { TeamService } from "../teams/service.ts";
import { createAuth } from "./auth.ts";
import { createMeService } from "./me-service.ts";
import { authRoutes } from "./routes.ts";
import { loadAuthSecret } from "./secret.ts";
import { createAuthService } from "./service.ts";
import { ssoCallbackRoutes } from "./sso-callback-routes.ts";

/**
 * Sign-in by e-mailed code or a team's identity provider, sessions (better-auth), and the signed-in
 * user's own answer.
 */
export async function authModule(
  core: Core,
  deps: {
    profiles: ProfileService;
    teams: TeamService;
    invites: InviteService;
    sso: SsoSignInService;
    onMembersChanged?: (teamId: string) => Promise<void>;
  },
) {
  const { config, db, logger, events } = core;
  const secret = await loadAuthSecret(db, config.AUTH_SECRET);
  const auth = createAuth({ db, publicUrl: config.publicUrl, secret, mailer: core.mailer, logger });
  const authService = createAuthService({
    auth,
    limiter: core.limiter,
    logger,
    gate: deps.sso,
    onSignedIn: (user) => deps.invites.acceptPending(user),
    onSignedOut: (user) => events.accessChanged({ userId: user.id }),
  });
  const me = createMeService({ profiles: deps.profiles, teams: deps.teams });
  const callback = ssoCallbackRoutes({
    sso: deps.sso,
    authService,
    meService: me,
    publicUrl: config.publicUrl,
    logger,
    onMembersChanged: deps.onMembersChanged,
  });
  return {
    name: "auth",
    routes: authRoutes(authService, me, config.publicUrl),
    rootRoutes: callback,
    authService,
  };
}
