import { betterAuth } from "better-auth";
import { emailOTP } from "better-auth/plugins";
import { CamelCasePlugin, type Kysely } from "kysely";
import { CODE_EXPIRY_MINUTES, MAX_CODE_ATTEMPTS, OTP_LENGTH } from "../../shared/schemas/auth.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { codeEmail } from "../mail/code-email.ts";
import type { Mailer } from "../mail/mailer.ts";
import { ssoSessionPlugin } from "./sso-session-plugin.ts";

const DAY = 60 * 60 * 24;

export interface AuthDeps {
  db: Kysely<DB>;
  publicUrl: string;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}

/**
 * better-auth, configured for Sprog: e-mail codes, sessions, and sessions after a team's single
 * sign-on (no passwords). Teams, members
 * and invites are ours alone (src/server/teams), checked by the one permission table.
 * It sees our snake_case tables through CamelCasePlugin, under our table names.
 */
export function createAuth({ db, publicUrl, secret, mailer, logger }: AuthDeps) {
  return betterAuth({
    appName: "Sprog",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [publicUrl],
    database: { db: db.withPlugin(new CamelCasePlugin()), type: "postgres", transaction: true },
    user: { modelName: "users" },
    session: {
      modelName: "sessions",
      expiresIn: 30 * DAY,
      // Sliding renewal: a session used after a day gets a fresh 30 days.
      updateAge: DAY,
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verification_codes" },
    // Our own routes call better-auth's API directly and apply their own database-backed limits.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "sprog",
      useSecureCookies: publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args }, `better-auth: ${message}`);
      },
    },
    plugins: [
      emailOTP({
        otpLength: OTP_LENGTH,
        expiresIn: CODE_EXPIRY_MINUTES * 60,
        allowedAttempts: MAX_CODE_ATTEMPTS,
        storeOTP: "hashed",
        async sendVerificationOTP({ email, otp }) {
          await mailer.send(codeEmail(email, otp, publicUrl));
        },
      }),
      ssoSessionPlugin(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
