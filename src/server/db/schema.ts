import type * as Tables from "./generated-schema.ts";

/**
 * The names the services use for the database types. The types themselves are generated from the
 * migrated schema into generated-schema.ts (`npm run db:types`); this file only names them, so a
 * migration changes the types without anyone retyping a column.
 */

export type {
  ApprovalStateColumn,
  BatchItemStatus,
  BatchJobStatus,
  FormatMetaByFormat,
  ReviewStatusColumn,
} from "./column-types.ts";
export type { Generated, Timestamp } from "./generated-schema.ts";

/** Our tables as Kysely sees them (better-auth's accounts and the migration bookkeeping are left out). */
export type DB = Tables.DB;

export type UsersTable = Tables.Users;
export type SessionsTable = Tables.Sessions;
export type VerificationCodesTable = Tables.VerificationCodes;
/** `last_request` is the start of the current window, in milliseconds since the epoch. */
export type RateLimitsTable = Tables.RateLimits;
export type AppSettingsTable = Tables.AppSettings;
export type ProfilesTable = Tables.Profiles;
export type TeamsTable = Tables.Teams;
export type MembersTable = Tables.Members;
export type InvitesTable = Tables.Invites;
export type ProjectsTable = Tables.Projects;
/**
 * `position` is the key's place in the file it came from (export follows it; null: after, by name);
 * `value_type` `json` says the value is JSON text of a list, number, boolean or null (null: text).
 */
export type TranslationKeysTable = Tables.TranslationKeys;
export type ProjectFileMetaTable = Tables.ProjectFileMeta;
/** `state` is the state a file gave the string in its format's words (PO `fuzzy`); null after an edit. */
export type TranslationStringsTable = Tables.TranslationStrings;
export type StringHistoryTable = Tables.StringHistory;
/**
 * Completion counts the triggers of migration 0015 keep, as deltas summed per project and language
 * (`language_code` null: the counted keys); read through projects/queries.ts selectCompletion.
 */
export type LanguageCountsTable = Tables.LanguageCounts;
/** The counted keys a statement deleted, from the keys' trigger to the strings' (empty between statements). */
export type LanguageCountsDeletedKeysTable = Tables.LanguageCountsDeletedKeys;
export type ToneSectionsTable = Tables.ToneSections;
/** A comment of a key and language's thread; resolving the thread stamps its open comments (0022). */
export type CommentsTable = Tables.Comments;
/** A team's glossary term; `translations` is language code → approved text (migration 0020). */
export type GlossaryTermsTable = Tables.GlossaryTerms;
export type BatchTranslationJobsTable = Tables.BatchTranslationJobs;
export type BatchTranslationItemsTable = Tables.BatchTranslationItems;
/** A project API key for the pull API: only the SHA-256 of the key is stored. */
export type ApiKeysTable = Tables.ApiKeys;
export type ReviewsTable = Tables.Reviews;
export type ReviewKeysTable = Tables.ReviewKeys;
/** A verdict on one key's string in one language; current while the string keeps `string_version`. */
export type ReviewApprovalsTable = Tables.ReviewApprovals;
/** A team's subscription as the billing provider last told it (one per team). */
export type SubscriptionsTable = Tables.Subscriptions;
/** A processed webhook event of the billing provider (idempotency). */
export type BillingEventsTable = Tables.BillingEvents;
/** A screenshot of a project's keys; `mime`, `width` and `height` were proven by its bytes. */
export type ScreenshotsTable = Tables.Screenshots;
/** A screenshot's link to a key, with the key's rectangle (all four null: the whole image). */
export type ScreenshotKeysTable = Tables.ScreenshotKeys;
/** An activity entry (issue 22); `minute` groups a person's string edits of a project (0023). */
export type ActivityTable = Tables.Activity;
/** A team's AI calls, tokens and characters of one month (issue 22); `month` is its first day, UTC (0024). */
export type AiUsageTable = Tables.AiUsage;
/** A project language's translated and total keys of one day (UTC), kept for the dashboard's chart (0025). */
export type ProjectSnapshotsTable = Tables.ProjectSnapshots;
/** Words written into translations per project, month (its first day, UTC) and origin (0025). */
export type WordCountsTable = Tables.WordCounts;
