import { APIError } from "better-auth/api";
import { RESEND_WAIT_SECONDS, type SendCodeAnswer } from "../../shared/schemas/auth.ts";
import { AppError } from "../errors.ts";
import type { RateLimiter } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import type { Auth } from "./auth.ts";

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
};

/** Codes one address may be sent in a window; past them, a cool-down until the window ends. */
const CODES_PER_ADDRESS = 3;
const CODES_PER_ADDRESS_WINDOW_SECONDS = 10 * 60;

/** What better-auth's e-mail code errors mean to a person. */
function codeError(error: unknown): AppError | undefined {
  if (!(error instanceof APIError)) return undefined;
  const code = (error.body as { code?: string } | undefined)?.code;
  switch (code) {
    case "INVALID_OTP":
      return new AppError("invalid_code", "Invalid OTP. Please try again.");
    case "OTP_EXPIRED":
      return new AppError("invalid_code", "This code has expired. Please request a new code.");
    case "TOO_MANY_ATTEMPTS":
      return new AppError("rate_limited", "Too many wrong codes. Please request a new code.");
    default:
      return undefined;
  }
}

export interface SessionUser {
  id: string;
  email: string;
}

/**
 * What single sign-on says about e-mail codes (issue 38; src/server/sso): an address its team's
 * provider covers is sent there instead, and enforcement refuses codes to all but the owner.
 */
export interface CodeGate {
  beforeCode(
    email: string,
    withCode: boolean,
  ): Promise<{ url: string | null; teamName: string; state: string | undefined } | undefined>;
  beforeCodeSignIn(email: string): Promise<{ breakGlassTeamId: string | undefined }>;
  recordBreakGlass(teamId: string, userId: string): Promise<void>;
}

/** Someone a team's identity provider vouched for, and by which protocol. */
export interface SsoPerson {
  teamId: string;
  email: string;
  name: string;
  protocol: "oidc" | "saml";
}

export function createAuthService(deps: {
  auth: Auth;
  limiter: RateLimiter;
  logger: Logger;
  gate?: CodeGate;
  /** Runs after a code is verified (invites to the address are accepted here); its failure only logs. */
  onSignedIn?: (user: SessionUser) => Promise<unknown>;
  /** Runs after a session was signed out (its open event streams end); its failure only logs. */
  onSignedOut?: (user: SessionUser) => Promise<unknown>;
}) {
  const { auth, limiter, logger, gate, onSignedIn, onSignedOut } = deps;

  async function signedIn(user: SessionUser) {
    await onSignedIn?.(user).catch((error: unknown) => {
      // Signing in still works; the web's invite check retries later.
      logger.error({ err: error, userId: user.id }, "after sign-in: accepting invites failed");
    });
  }

  return {
    /**
     * E-mails a code, or answers the address's identity provider (and the state its callback must
     * bring back, for the browser's cookie) when its team signs in with single sign-on.
     */
    async sendCode(
      email: string,
      ip: string,
      withCode = false,
    ): Promise<{ answer: SendCodeAnswer; ssoState?: string }> {
      await limiter.hit([
        {
          key: `code:ip:${ip}`,
          windowSeconds: 60 * 60,
          max: 30,
          message: (s) => `Too many codes requested from your network. Please try again in ${inMinutes(s)}.`,
        },
      ]);
      const sso = await gate?.beforeCode(email, withCode);
      if (sso)
        return {
          answer: { sent: false, sso: { url: sso.url, teamName: sso.teamName } },
          ssoState: sso.state,
        };
      await limiter.hit([
        // Anyone may ask for any address's codes, so this lockout is one a stranger can impose on the
        // owner: it bounds the mails and the guesses (5 per code) an address gets, and lasts minutes,
        // not an hour. The codes a stranger asked for went to the owner, and the latest one works.
        // Before the 60 s gap: a request refused here must not start a new gap, which would keep the
        // owner waiting past the cool-down.
        {
          key: `code:address:${email}`,
          windowSeconds: CODES_PER_ADDRESS_WINDOW_SECONDS,
          max: CODES_PER_ADDRESS,
          message: (s) =>
            `Too many codes requested for this address. Please use the latest code we sent, or try again in ${inMinutes(s)}.`,
        },
        {
          key: `code:gap:${email}`,
          windowSeconds: RESEND_WAIT_SECONDS,
          max: 1,
          message: (s) => `Please wait ${s} seconds before requesting a new code.`,
        },
      ]);
      try {
        await auth.api.sendVerificationOTP({ body: { email, type: "sign-in" } });
      } catch (error) {
        // The person never got a code, so they must not have to wait for the next one.
        await limiter.reset(`code:gap:${email}`);
        logger.error({ err: error, email }, "sending a sign-in code failed");
        throw new AppError("internal", "Failed to send the code. Please try again.");
      }
      return { answer: { sent: true, resendAfterSeconds: RESEND_WAIT_SECONDS } };
    },

    /** Checks the code; on success better-auth creates the user if new and answers the session cookie. */
    async verifyCode(email: string, code: string, ip: string, headers: Headers) {
      await limiter.hit([
        {
          key: `verify:ip:${ip}`,
          windowSeconds: 15 * 60,
          max: 60,
          message: (s) => `Too many sign-in attempts. Please try again in ${inMinutes(s)}.`,
        },
      ]);
      // Enforcement is checked again here: the code may have been sent before it was turned on.
      const { breakGlassTeamId } = (await gate?.beforeCodeSignIn(email)) ?? { breakGlassTeamId: undefined };
      try {
        const result = await auth.api.signInEmailOTP({
          body: { email, otp: code },
          headers,
          returnHeaders: true,
        });
        const user: SessionUser = { id: result.response.user.id, email: result.response.user.email };
        if (breakGlassTeamId) await gate?.recordBreakGlass(breakGlassTeamId, user.id);
        await signedIn(user);
        return { user, headers: result.headers };
      } catch (error) {
        throw codeError(error) ?? error;
      }
    },

    /** A session for someone their team's provider vouched for; the user is created at first. */
    async ssoSession(person: SsoPerson, headers: Headers) {
      const result = await auth.api.startSsoSession({
        body: { email: person.email, name: person.name, teamId: person.teamId, protocol: person.protocol },
        headers,
        returnHeaders: true,
      });
      const user: SessionUser = result.response.user;
      await signedIn(user);
      return { user, headers: result.headers };
    },

    /** The signed-in user, and the refreshed cookie when the session was renewed (sliding expiry). */
    async session(headers: Headers): Promise<{ user: SessionUser; headers: Headers } | undefined> {
      const result = await auth.api.getSession({ headers, returnHeaders: true });
      if (!result.response) return undefined;
      return {
        user: { id: result.response.user.id, email: result.response.user.email },
        headers: result.headers,
      };
    },

    /**
     * The user whose session the headers carry, without renewing it: a long-open event stream asks
     * again and again, and has no response left to carry a renewed cookie.
     */
    async signedInUser(headers: Headers): Promise<SessionUser | undefined> {
      const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
      if (!session) return undefined;
      return { id: session.user.id, email: session.user.email };
    },

    async signOut(headers: Headers): Promise<Headers> {
      const before = await this.signedInUser(headers);
      const result = await auth.api.signOut({ headers, returnHeaders: true });
      if (before) {
        await onSignedOut?.(before).catch((error: unknown) => {
          // The streams' periodic re-check still ends them.
          logger.error({ err: error, userId: before.id }, "after sign-out: ending event streams failed");
        });
      }
      return result.headers;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
