import type { ColumnType, Generated } from "kysely";
import type { FormatMeta } from "../../shared/formats/types.ts";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: string;
  name: Generated<string>;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  active_organization_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationCodesTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RateLimitsTable {
  id: string;
  key: string;
  count: number;
  /** Start of the current window, in milliseconds since the epoch. */
  last_request: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface ProfilesTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  first_name: string;
  last_name: Generated<string>;
  created_at: Timestamp;
}

export interface TeamsTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  tov_product_context: string | null;
  tov_tone: string | null;
  created_at: Timestamp;
}

export interface MembersTable {
  id: string;
  team_id: string;
  user_id: string;
  role: string;
  created_at: Timestamp;
}

export interface InvitesTable {
  id: string;
  team_id: string;
  email: string;
  role: string | null;
  status: Generated<string>;
  inviter_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface ProjectsTable {
  id: Generated<string>;
  team_id: string;
  name: string;
  kind: Generated<string>;
  source_language: Generated<string>;
  languages: ColumnType<string[], string[] | undefined, string[]>;
  placeholder_format: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TranslationKeysTable {
  id: Generated<string>;
  project_id: string;
  key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  description: string | null;
  context: string | null;
  /** The key's place in the file it came from; export follows it (null: after, by name). */
  position: number | null;
  translatable: Generated<boolean>;
  max_length: number | null;
  tags: Generated<string[]>;
  /** `json`: the value is JSON text of a list, number, boolean or null; null: text. */
  value_type: string | null;
  /** Per format id, what only that format has (see formats/types.ts `meta`). */
  format_meta: Generated<FormatMetaByFormat>;
}

export type FormatMetaByFormat = Partial<Record<string, FormatMeta>>;

export interface ProjectFileMetaTable {
  project_id: string;
  format: string;
  language_code: string;
  meta: FormatMeta;
  updated_at: Generated<Timestamp>;
}

export interface TranslationStringsTable {
  id: Generated<string>;
  key_id: string;
  project_id: string;
  language_code: string;
  value: string;
  version: Generated<number>;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The state a file gave the string, in its format's words (PO `fuzzy`); null after a person's edit. */
  state: string | null;
}

export interface StringHistoryTable {
  id: Generated<number>;
  key_id: string;
  project_id: string;
  language_code: string;
  value: string | null;
  version: number;
  origin: string;
  user_id: string | null;
  created_at: Timestamp;
}

export interface ToneSectionsTable {
  id: Generated<string>;
  team_id: string;
  title: Generated<string>;
  description: Generated<string>;
  rules: ColumnType<string[], string[] | undefined, string[]>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BatchTranslationJobsTable {
  id: Generated<string>;
  project_id: string;
  source_language: string;
  target_language: string;
  status: ColumnType<BatchJobStatus, BatchJobStatus | undefined, BatchJobStatus>;
  progress_percentage: Generated<number>;
  completed_items: Generated<number>;
  failed_items: Generated<number>;
  skipped_items: Generated<number>;
  total_items: number;
  chunk_count: number;
  error_message: string | null;
  model: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type BatchJobStatus = "pending" | "processing" | "completed" | "failed" | "cancelled";
export type BatchItemStatus = "pending" | "done" | "failed" | "skipped";

export interface BatchTranslationItemsTable {
  job_id: string;
  key_id: string;
  chunk: number;
  status: ColumnType<BatchItemStatus, BatchItemStatus | undefined, BatchItemStatus>;
  error: string | null;
}

/** A project API key for the pull API: only the SHA-256 of the key is stored. */
export interface ApiKeysTable {
  id: Generated<string>;
  project_id: string;
  name: string | null;
  key_hash: string;
  key_prefix: string;
  created_by: string | null;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type ReviewStatusColumn = "pending" | "completed";
export type ApprovalStateColumn = "approved" | "needs_changes";

export interface ReviewsTable {
  id: Generated<string>;
  project_id: string;
  title: string;
  description: Generated<string>;
  status: ColumnType<ReviewStatusColumn, ReviewStatusColumn | undefined, ReviewStatusColumn>;
  owner_user_id: string | null;
  languages_done: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  last_updated_at: Timestamp;
}

export interface ReviewKeysTable {
  review_id: string;
  key_id: string;
  added_at: Timestamp;
}

/** A verdict on one key's string in one language; current while the string keeps `string_version`. */
export interface ReviewApprovalsTable {
  review_id: string;
  key_id: string;
  language_code: string;
  state: ApprovalStateColumn;
  comment: string | null;
  string_version: number;
  user_id: string | null;
  updated_at: Timestamp;
}

/** A team's subscription as the billing provider last told it (one per team). */
export interface SubscriptionsTable {
  id: Generated<string>;
  team_id: string;
  provider: string;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  provider_item_id: string | null;
  provider_product_id: string | null;
  provider_price_id: string | null;
  status: string;
  product_name: string | null;
  renewal_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancel_at_period_end: Generated<boolean>;
  seats: Generated<number>;
  trial_end: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A processed webhook event of the billing provider (idempotency). */
export interface BillingEventsTable {
  id: string;
  provider: string;
  type: string;
  processed_at: Timestamp;
}

/** Our tables as Kysely sees them (better-auth-only tables are left to better-auth). */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  app_settings: AppSettingsTable;
  profiles: ProfilesTable;
  teams: TeamsTable;
  members: MembersTable;
  invites: InvitesTable;
  projects: ProjectsTable;
  translation_keys: TranslationKeysTable;
  translation_strings: TranslationStringsTable;
  project_file_meta: ProjectFileMetaTable;
  string_history: StringHistoryTable;
  tone_sections: ToneSectionsTable;
  batch_translation_jobs: BatchTranslationJobsTable;
  batch_translation_items: BatchTranslationItemsTable;
  api_keys: ApiKeysTable;
  reviews: ReviewsTable;
  review_keys: ReviewKeysTable;
  review_approvals: ReviewApprovalsTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
}
