/**
 * Query keys shared across features, so that one feature can refresh what another caches without
 * importing it (e.g. project settings changing the languages the Overview's key list was fetched for).
 */
export const queryKeys = {
  /** The projects of one team (projectListSchema). */
  teamProjects: (teamId: string) => ["teams", teamId, "projects"] as const,
  /** The team's members (teamMemberListSchema): owner, admins, then by full name. */
  teamMembers: (teamId: string) => ["teams", teamId, "members"] as const,
  /** The team's pending invites (teamInviteListSchema), newest first. */
  teamInvites: (teamId: string) => ["teams", teamId, "invites"] as const,
  /** Everything cached for one project: prefix of the key lists and the completion. */
  project: (projectId: string) => ["projects", projectId] as const,
  /** All key lists of a project, whatever languages they were fetched for. */
  projectKeys: (projectId: string) => ["projects", projectId, "keys"] as const,
  /** One key list: the project's keys with the strings of `languages` (in that order). */
  projectKeysFor: (projectId: string, languages: readonly string[]) =>
    ["projects", projectId, "keys", languages.join(",")] as const,
  projectCompletion: (projectId: string) => ["projects", projectId, "completion"] as const,
  /** The project's batch translations still pending or processing. */
  projectBatches: (projectId: string) => ["projects", projectId, "batches"] as const,
  /** The project's API keys (Project Settings → API Access). */
  projectApiKeys: (projectId: string) => ["projects", projectId, "api-keys"] as const,
  /** The project's reviews (reviewListSchema), newest change first. */
  projectReviews: (projectId: string) => ["projects", projectId, "reviews"] as const,
  /** The current approval per key and language across the project's reviews (the Overview's badges). */
  projectApprovals: (projectId: string) => ["projects", projectId, "approvals"] as const,
  /** One review with its keys, strings and approvals (reviewDetailSchema). */
  review: (reviewId: string) => ["reviews", reviewId] as const,
  stringHistory: (keyId: string, language: string) =>
    ["keys", keyId, "strings", language, "history"] as const,
  /** Translation memory suggestions for one cell. */
  stringSuggestions: (keyId: string, language: string) =>
    ["keys", keyId, "strings", language, "suggestions"] as const,
};
