import { z } from "zod";
import { roleSchema } from "../permissions.ts";

export const teamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamListSchema = z.object({ teams: z.array(teamSummarySchema) });

/** Spec point 5: team name required. */
export const createTeamBodySchema = z.object({
  name: z.string({ error: "Team name is required" }).trim().min(1, "Team name is required").max(100),
});
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>;
