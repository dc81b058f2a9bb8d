import { z } from "zod";
import { emailSchema } from "./email.ts";
import { profileSchema } from "./profiles.ts";
import { teamSummarySchema } from "./teams.ts";

export { emailSchema };

export const OTP_LENGTH = 6;
export const RESEND_WAIT_SECONDS = 60;
export const CODE_EXPIRY_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

export const codeSchema = z
  .string({ error: "Please enter all 6 digits" })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), "Please enter all 6 digits");

export const sendCodeBodySchema = z.object({
  email: emailSchema,
  /**
   * An e-mail code even though the address's team signs in with single sign-on (issue 38): refused
   * when the team enforces it, but to the team's owner (break-glass).
   */
  withCode: z.boolean().optional(),
});
export type SendCodeBody = z.input<typeof sendCodeBodySchema>;

/** A code is on its way, or (issue 38) the address's team signs in at its identity provider. */
export const sendCodeAnswerSchema = z.union([
  z.object({ sent: z.literal(true), resendAfterSeconds: z.number().int() }),
  z.object({
    sent: z.literal(false),
    sso: z.object({
      /**
       * The team's identity provider, where the browser goes next; null when it cannot be reached
       * right now (an e-mail code may still be asked for: the owner's break-glass).
       */
      url: z.string().nullable(),
      teamName: z.string(),
    }),
  }),
]);
export type SendCodeAnswer = z.infer<typeof sendCodeAnswerSchema>;

export const verifyCodeBodySchema = z.object({ email: emailSchema, code: codeSchema });
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

/** Who is signed in, with what the onboarding needs to know to route them. */
export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  profile: profileSchema.nullable(),
  teams: z.array(teamSummarySchema),
});
export type Me = z.infer<typeof meSchema>;

/** The signed-in user, or null when nobody is (an answer, not a 401). */
export const sessionAnswerSchema = z.object({ me: meSchema.nullable() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
