import { z } from "zod";

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
