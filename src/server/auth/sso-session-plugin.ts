import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/**
 * A session for someone their team's identity provider vouched for (issue 38). Server-only: it is
 * never on the HTTP surface, and is called by the SSO callback after the provider's answer was
 * checked. Creates the user at their first sign-in, as an e-mail code does.
 */
export function ssoSessionPlugin() {
  return {
    id: "sprog-sso-session",
    endpoints: {
      startSsoSession: createAuthEndpoint.serverOnly(
        {
          method: "POST",
          body: z.object({
            email: z.string(),
            name: z.string(),
            teamId: z.string(),
            protocol: z.enum(["oidc", "saml"]),
          }),
        },
        async (ctx) => {
          const { internalAdapter } = ctx.context;
          const email = ctx.body.email.toLowerCase();
          const found = await internalAdapter.findUserByEmail(email);
          let user = found?.user;
          if (!user) {
            user = await internalAdapter.createUser(
              { email, emailVerified: true, name: ctx.body.name },
              { method: `sso-${ctx.body.protocol}`, sso: { providerId: ctx.body.teamId } },
            );
          } else if (!user.emailVerified) {
            // The provider proved the address (at a domain the team verified).
            user = (await internalAdapter.updateUser(user.id, { emailVerified: true })) ?? user;
          }
          // "Don't remember": a day at most, never renewed by use, so someone the provider removed
          // is out within a day; the cookie ends with the browser, and the provider signs them in again.
          const session = await internalAdapter.createSession(user.id, true);
          await setSessionCookie(ctx, { session, user }, true);
          return ctx.json({ user: { id: user.id, email: user.email }, created: !found });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
