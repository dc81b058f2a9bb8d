import type { ActivityQuery } from "../../shared/schemas/activity.ts";

/** What a feed of the activity is filtered by (the query without its page cursor). */
export type ActivityFilters = Omit<ActivityQuery, "before">;

/**
 * Every query key and mutation key of the web, so that one feature can refresh what another caches
 * without importing it (e.g. project settings changing the languages the Overview's key list was
 * fetched for), and so that a prefix names a whole group.
 *
 * The convention: a key is a hierarchical array, feature or entity first, then its ids, then what it
 * holds (`["projects", projectId, "keys", …]`), so invalidating `queryKeys.project(id)` refreshes
 * everything cached for that project. The values are part of the behaviour: code invalidates and
 * matches by prefix, so a changed value must be checked against every prefix that contains it.
 */
export const queryKeys = {
  /** The signed-in user with profile and teams (meSchema), or null when signed out. */
  me: () => ["me"] as const,
  /** The user's teams (teamSummaryListSchema); also the prefix of everything cached per team. */
  teams: () => ["teams"] as const,
  /** Everything cached for one team. */
  team: (teamId: string) => ["teams", teamId] as const,
  /** The projects of one team (projectListSchema). */
  teamProjects: (teamId: string) => ["teams", teamId, "projects"] as const,
  /** The team's members (teamMemberListSchema): owner, admins, then by full name. */
  teamMembers: (teamId: string) => ["teams", teamId, "members"] as const,
  /** The team's pending invites (teamInviteListSchema), newest first. */
  teamInvites: (teamId: string) => ["teams", teamId, "invites"] as const,
  /** Every activity feed of a team, whatever its project and filters. */
  teamActivity: (teamId: string) => ["teams", teamId, "activity"] as const,
  /** The team's activity feed for one set of filters (projectId, person, kind, days). */
  teamActivityFor: (teamId: string, filters: ActivityFilters) =>
    ["teams", teamId, "activity", filters] as const,
  /** The team's plan and billing state. */
  teamSubscription: (teamId: string) => ["teams", teamId, "subscription"] as const,
  /** The team's usage this month (teamUsageSchema): AI calls and tokens, keys, strings, seats. */
  teamUsage: (teamId: string) => ["teams", teamId, "usage"] as const,
  /**
   * The team's single sign-on (ssoSettingsSchema): its provider, its domains and the redirect URI, in
   * one answer that saving or removing the provider replaces.
   */
  teamSso: (teamId: string) => ["teams", teamId, "sso"] as const,
  /** The team's tone settings; also the prefix of its tone sections. */
  toneSettings: (teamId: string) => ["teams", teamId, "tone"] as const,
  /** The team's style-guide sections. */
  toneSections: (teamId: string) => ["teams", teamId, "tone", "sections"] as const,
  /** Every glossary list of a team, whatever its search. */
  glossary: (teamId: string) => ["teams", teamId, "glossary"] as const,
  /** The team's glossary terms matching `search` (glossaryTermListSchema). */
  glossarySearch: (teamId: string, search: string) => ["teams", teamId, "glossary", search] as const,
  /** The glossary of a project's team as the editor underlines it (glossaryEntryListSchema). */
  projectGlossary: (projectId: string) => ["projects", projectId, "glossary"] as const,
  /** The plans on offer, with or without the free one. */
  plans: (includeFree: boolean) => ["billing", "plans", { includeFree }] as const,
  /** Whether AI translation is configured on the server. */
  aiStatus: () => ["ai", "status"] as const,
  /** Everything cached for one project: prefix of the key lists and the completion. */
  project: (projectId: string) => ["projects", projectId] as const,
  /** All key lists of a project, whatever languages they were fetched for. */
  projectKeys: (projectId: string) => ["projects", projectId, "keys"] as const,
  /**
   * One key list: the project's keys (those the server finds for `search` and keeps by `filters`,
   * the filters' query string, if any) with the strings of `languages` (in that order).
   */
  projectKeysFor: (projectId: string, languages: readonly string[], search = "", filters = "") =>
    ["projects", projectId, "keys", languages.join(","), search, filters] as const,
  /** Every count beside the Overview's filters of a project. */
  projectFacets: (projectId: string) => ["projects", projectId, "facets"] as const,
  /** The counts beside the Overview's filters, for one language, search and set of filters. */
  projectKeyFacets: (projectId: string, language: string, search: string, filters: string) =>
    ["projects", projectId, "facets", language, search, filters] as const,
  /**
   * Every key of the project without strings, for the review key picker: under the project (refreshed
   * with it), but not under its "keys", which hold the Overview's lists.
   */
  projectKeyPicker: (projectId: string) => ["projects", projectId, "review-key-picker"] as const,
  projectCompletion: (projectId: string) => ["projects", projectId, "completion"] as const,
  /** The project's dashboard at the top of the Activity tab (dashboardSchema). */
  projectDashboard: (projectId: string) => ["projects", projectId, "dashboard"] as const,
  /** The project's batch translations still pending or processing. */
  projectBatches: (projectId: string) => ["projects", projectId, "batches"] as const,
  /** The project's API keys (Project Settings → API Access). */
  projectApiKeys: (projectId: string) => ["projects", projectId, "api-keys"] as const,
  /** The uploaded files kept as templates of exports (Project Settings → Files, fileTemplateListSchema). */
  projectFiles: (projectId: string) => ["projects", projectId, "files"] as const,
  /** The project's reviews (reviewListSchema), newest change first. */
  projectReviews: (projectId: string) => ["projects", projectId, "reviews"] as const,
  /** The current approval per key and language across the project's reviews (the Overview's badges). */
  projectApprovals: (projectId: string) => ["projects", projectId, "approvals"] as const,
  /** The project's screenshots with the keys each is linked to (screenshotListSchema). */
  projectScreenshots: (projectId: string) => ["projects", projectId, "screenshots"] as const,
  /** Keys found by a search in the screenshot's Link to other keys picker. */
  screenshotKeySearch: (projectId: string, search: string) =>
    ["projects", projectId, "screenshots", "key-search", search] as const,
  /**
   * The project's over-the-air releases with its distribution id, environments and publish-on-review
   * setting (releaseListSchema): one answer, which activating a release or the setting replaces.
   */
  projectReleases: (projectId: string) => ["projects", projectId, "releases"] as const,
  /** The project's branches, archived ones and whether main is protected (branchListSchema). */
  projectBranches: (projectId: string) => ["projects", projectId, "branches"] as const,
  /** What one branch changes against its base, with its conflicts (branchDiffSchema). */
  branchDiff: (branchId: string) => ["branches", branchId, "diff"] as const,
  /** One review with its keys, strings and approvals (reviewDetailSchema). */
  review: (reviewId: string) => ["reviews", reviewId] as const,
  stringHistory: (keyId: string, language: string) =>
    ["keys", keyId, "strings", language, "history"] as const,
  /** Translation memory suggestions for one cell. */
  stringSuggestions: (keyId: string, language: string) =>
    ["keys", keyId, "strings", language, "suggestions"] as const,
  /** One key and language's comment thread (commentThreadSchema). */
  commentThread: (keyId: string, language: string) => ["keys", keyId, "comments", language] as const,
  /** Open comments per key of one language (commentCountsSchema): one query for all of a column's cells. */
  commentCounts: (projectId: string, language: string) =>
    ["projects", projectId, "comment-counts", language] as const,
  /** The team members a comment can mention. */
  commentPeople: (projectId: string) => ["projects", projectId, "comment-people"] as const,
  /** A review's open comments; under the review, so refreshing the review refreshes them. */
  reviewComments: (reviewId: string) => ["reviews", reviewId, "comments"] as const,
};

/**
 * Mutation keys follow the same convention: feature first, the ids known when the hook is made, then
 * the action. Matched by prefix in `isMutating` and the mutation cache: `reviews.all()` (any review
 * change holds back a realtime refetch) and `strings.all()` (the review screen follows string saves).
 */
export const mutationKeys = {
  auth: {
    sendCode: () => ["auth", "send-code"] as const,
    verify: () => ["auth", "verify"] as const,
    signOut: () => ["auth", "sign-out"] as const,
  },
  profile: {
    update: () => ["profile", "update"] as const,
    requestEmailChange: () => ["profile", "email", "request"] as const,
    confirmEmailChange: () => ["profile", "email", "confirm"] as const,
  },
  teams: {
    create: () => ["teams", "create"] as const,
    update: (teamId: string) => ["teams", teamId, "update"] as const,
    remove: () => ["teams", "delete"] as const,
    updateMemberRole: (teamId: string) => ["teams", teamId, "members", "role"] as const,
    removeMember: (teamId: string) => ["teams", teamId, "members", "remove"] as const,
    invite: (teamId: string) => ["teams", teamId, "invites", "create"] as const,
    deleteInvite: (teamId: string) => ["teams", teamId, "invites", "delete"] as const,
  },
  billing: {
    checkout: (teamId: string) => ["teams", teamId, "billing", "checkout"] as const,
    portal: (teamId: string) => ["teams", teamId, "billing", "portal"] as const,
  },
  sso: {
    save: (teamId: string) => ["teams", teamId, "sso", "save"] as const,
    remove: (teamId: string) => ["teams", teamId, "sso", "delete"] as const,
    addDomain: (teamId: string) => ["teams", teamId, "sso", "domains", "create"] as const,
    verifyDomain: (teamId: string) => ["teams", teamId, "sso", "domains", "verify"] as const,
    removeDomain: (teamId: string) => ["teams", teamId, "sso", "domains", "delete"] as const,
  },
  tone: {
    update: (teamId: string) => ["teams", teamId, "tone", "update"] as const,
    createSection: (teamId: string) => ["teams", teamId, "tone", "sections", "create"] as const,
    updateSection: (sectionId: string) => ["tone", "sections", sectionId, "update"] as const,
    removeSection: () => ["tone", "sections", "delete"] as const,
  },
  glossary: {
    create: (teamId: string) => ["teams", teamId, "glossary", "create"] as const,
    update: (teamId: string) => ["teams", teamId, "glossary", "update"] as const,
    remove: (teamId: string) => ["teams", teamId, "glossary", "delete"] as const,
    importCsv: (teamId: string) => ["teams", teamId, "glossary", "import"] as const,
  },
  projects: {
    create: (teamId: string) => ["teams", teamId, "projects", "create"] as const,
    update: (projectId: string) => ["projects", projectId, "update"] as const,
    remove: () => ["projects", "delete"] as const,
    setLanguages: (projectId: string) => ["projects", projectId, "languages"] as const,
    clearLanguage: () => ["projects", "strings", "delete"] as const,
    createApiKey: (projectId: string) => ["projects", projectId, "api-keys", "create"] as const,
    revokeApiKey: () => ["api-keys", "revoke"] as const,
    removeFile: (projectId: string) => ["projects", projectId, "files", "delete"] as const,
  },
  keys: {
    create: (projectId: string) => ["projects", projectId, "keys", "create"] as const,
    update: () => ["keys", "update"] as const,
    remove: () => ["keys", "delete"] as const,
  },
  strings: {
    /** Prefix of every string change (save, translate, assist, restore). */
    all: () => ["strings"] as const,
    save: () => ["strings", "save"] as const,
    translate: () => ["strings", "translate"] as const,
    assist: () => ["strings", "assist"] as const,
    restore: () => ["strings", "restore"] as const,
  },
  reviews: {
    /** Prefix of every change to an existing review (not `create`, which lives under its project). */
    all: () => ["reviews"] as const,
    create: (projectId: string) => ["projects", projectId, "reviews", "create"] as const,
    update: () => ["reviews", "update"] as const,
    remove: () => ["reviews", "delete"] as const,
    addKeys: () => ["reviews", "add-keys"] as const,
    removeKey: () => ["reviews", "remove-key"] as const,
    setApproval: () => ["reviews", "approvals", "set"] as const,
  },
  screenshots: {
    upload: () => ["screenshots", "upload"] as const,
    link: () => ["screenshots", "link"] as const,
    remove: () => ["screenshots", "delete"] as const,
  },
  releases: {
    publish: (projectId: string) => ["projects", projectId, "releases", "publish"] as const,
    activate: (projectId: string) => ["projects", projectId, "releases", "activate"] as const,
    settings: (projectId: string) => ["projects", projectId, "releases", "settings"] as const,
  },
  branches: {
    create: (projectId: string) => ["projects", projectId, "branches", "create"] as const,
    update: () => ["branches", "update"] as const,
    archive: () => ["branches", "delete"] as const,
    settings: (projectId: string) => ["projects", projectId, "branches", "settings"] as const,
    merge: () => ["branches", "merge"] as const,
  },
  inContext: {
    createToken: (projectId: string) => ["projects", projectId, "in-context-tokens", "create"] as const,
  },
  comments: {
    create: () => ["comments", "create"] as const,
    update: () => ["comments", "update"] as const,
    remove: () => ["comments", "delete"] as const,
    resolve: () => ["comments", "resolve"] as const,
  },
};
