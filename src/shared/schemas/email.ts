import { z } from "zod";

/**
 * Spec point 5: an e-mail address, required, of the simple x@y.z kind, as the sign-in, profile and
 * invite forms take it. zod's rule, not a looser "anything around an @": the mailer reads
 * `name<x@y.z>` or `a@b.c, d@e.f` as other recipients than the address stored (issue 32), so such
 * text is not an address here.
 */
export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is invalid")
  .pipe(z.email("Email is invalid"))
  .transform((value) => value.toLowerCase());
