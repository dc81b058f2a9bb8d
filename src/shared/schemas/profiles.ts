import { z } from "zod";
import { emailSchema } from "./email.ts";

export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Spec point 5: first name required, last name optional; both trimmed. */
export const profileBodySchema = z.object({
  firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().max(100).optional().default(""),
});
export type ProfileBody = z.input<typeof profileBodySchema>;

/**
 * Changing the account's e-mail address from Edit Profile (spec point 5 validates the profile's
 * e-mail: 'Email is required', 'Email is invalid'). The address changes only once the link mailed
 * to the new address is opened (issue 34).
 */
export const emailChangeBodySchema = z.object({ email: emailSchema });
export type EmailChangeBody = z.input<typeof emailChangeBodySchema>;

/** The change is waiting for the link sent to `pendingEmail`. */
export const emailChangeAnswerSchema = z.object({ pendingEmail: z.string() });
export type EmailChangeAnswer = z.infer<typeof emailChangeAnswerSchema>;

/** How long the mailed link works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const confirmEmailChangeBodySchema = z.object({
  token: z
    .string({ error: "The confirmation link is incomplete" })
    .trim()
    .min(1, "The confirmation link is incomplete")
    .max(200, "The confirmation link is incomplete"),
});
export type ConfirmEmailChangeBody = z.input<typeof confirmEmailChangeBodySchema>;

/** The account's address now. */
export const emailChangedSchema = z.object({ email: z.string() });
export type EmailChanged = z.infer<typeof emailChangedSchema>;

export const EMAIL_CHANGE_ERRORS = {
  /** 409: no more said of the other account than that the address is taken. */
  taken: "This e-mail address is already used by another account.",
  same: "This is already your e-mail address.",
  invalidLink:
    "This confirmation link has expired or has already been used. Please change your e-mail address again.",
  sendFailed: "Failed to send the confirmation e-mail. Please try again.",
} as const;
