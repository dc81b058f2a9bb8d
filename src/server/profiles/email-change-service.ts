import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import {
  EMAIL_CHANGE_ERRORS,
  EMAIL_CHANGE_LINK_HOURS,
  type EmailChangeAnswer,
  type EmailChanged,
} from "../../shared/schemas/profiles.ts";
import type { SessionUser } from "../auth/service.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type RateLimiter, retryIn } from "../http/rate-limit.ts";
import type { Logger } from "../logger.ts";
import { emailChangeConfirmEmail, emailChangedNotice } from "../mail/email-change-email.ts";
import type { Mailer } from "../mail/mailer.ts";
import {
  deleteEmailChange,
  type EmailChangeRow,
  emailTakenByOther,
  lockUserEmail,
  takeEmailChange,
  updateProfileEmail,
  updateUserEmail,
  upsertEmailChange,
} from "./queries.ts";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Changing the account's e-mail address (Edit Profile, issue 34). The address is how one signs in,
 * so the new one must be proven: a link with a random token goes to it, only the token's hash is
 * kept (`email_changes`), and the account changes when the link is opened. The old address is told
 * once it has. An address another account has is refused (409) and no more is said of that account;
 * the sends are limited like the sign-in codes'.
 */
export function createEmailChangeService(deps: {
  db: Kysely<DB>;
  mailer: Mailer;
  limiter: RateLimiter;
  logger: Logger;
  publicUrl: string;
}) {
  const { db, mailer, limiter, logger, publicUrl } = deps;

  return {
    async request(user: SessionUser, email: string): Promise<EmailChangeAnswer> {
      if (email.toLowerCase() === user.email.toLowerCase()) {
        throw new AppError("bad_request", EMAIL_CHANGE_ERRORS.same);
      }
      // Counted before the address is looked at, so asking about many addresses costs the same as
      // mailing them: an account cannot be used to list who else has one.
      await limiter.hit([
        {
          key: `email-change:user:${user.id}`,
          windowSeconds: 60 * 60,
          max: 5,
          message: (s) => `Too many e-mail changes requested. Please try again in ${retryIn(s)}.`,
        },
        {
          key: `email-change:address:${email}`,
          windowSeconds: 10 * 60,
          max: 3,
          message: (s) => `Too many e-mails sent to this address. Please try again in ${retryIn(s)}.`,
        },
        {
          key: `email-change:gap:${user.id}`,
          windowSeconds: 60,
          max: 1,
          message: (s) => `Please wait ${s} seconds before requesting a new link.`,
        },
      ]);
      if (await emailTakenByOther(db, user.id, email))
        throw new AppError("conflict", EMAIL_CHANGE_ERRORS.taken);

      const token = randomBytes(32).toString("base64url");
      const row: EmailChangeRow = {
        user_id: user.id,
        new_email: email,
        token_hash: hashOf(token),
        expires_at: new Date(Date.now() + EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000),
        created_at: new Date(),
      };
      // One pending change per account: the last request's link is the one that works.
      await upsertEmailChange(db, row);

      const confirmUrl = new URL(`/confirm-email?token=${token}`, publicUrl).toString();
      try {
        await mailer.send(emailChangeConfirmEmail({ to: email, confirmUrl }));
      } catch (error) {
        logger.error({ err: error, userId: user.id }, "sending an e-mail change link failed");
        await deleteEmailChange(db, row.token_hash);
        await limiter.reset(`email-change:gap:${user.id}`);
        throw new AppError("internal", EMAIL_CHANGE_ERRORS.sendFailed);
      }
      return { pendingEmail: email };
    },

    /** The link was opened: the account's address (and its profile's copy) becomes the new one. */
    async confirm(token: string): Promise<EmailChanged> {
      const tokenHash = hashOf(token);
      const changed = await db.transaction().execute(async (trx) => {
        const pending = await takeEmailChange(trx, tokenHash);
        if (!pending || pending.expires_at.getTime() <= Date.now()) {
          throw new AppError("bad_request", EMAIL_CHANGE_ERRORS.invalidLink);
        }
        const oldEmail = await lockUserEmail(trx, pending.user_id);
        if (await emailTakenByOther(trx, pending.user_id, pending.new_email)) {
          throw new AppError("conflict", EMAIL_CHANGE_ERRORS.taken);
        }
        await updateUserEmail(trx, pending.user_id, pending.new_email);
        await updateProfileEmail(trx, pending.user_id, pending.new_email);
        return { userId: pending.user_id, oldEmail, newEmail: pending.new_email };
      });

      try {
        await mailer.send(
          emailChangedNotice({ to: changed.oldEmail, newEmail: changed.newEmail, appUrl: publicUrl }),
        );
      } catch (error) {
        // The change is made; only the notice is lost.
        logger.error({ err: error, userId: changed.userId }, "sending the e-mail changed notice failed");
      }
      return { email: changed.newEmail };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
