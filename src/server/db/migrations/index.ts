import type { Migration } from "kysely";
import * as m0001 from "./0001-identity-and-teams.ts";
import * as m0002 from "./0002-projects-keys-strings.ts";
import * as m0003 from "./0003-tone-sections.ts";
import * as m0004 from "./0004-batch-translation-jobs.ts";
import * as m0005 from "./0005-translation-memory.ts";
import * as m0006 from "./0006-api-keys.ts";
import * as m0007 from "./0007-unlogged-rate-limits.ts";
import * as m0008 from "./0008-reviews.ts";
import * as m0009 from "./0009-invite-lookups.ts";
import * as m0010 from "./0010-billing.ts";
import * as m0011 from "./0011-key-metadata.ts";
import * as m0012 from "./0012-team-scoped-memory.ts";
import * as m0013 from "./0013-durable-rate-limits.ts";
import * as m0014 from "./0014-search-indexes.ts";
import * as m0015 from "./0015-language-counts.ts";
import * as m0016 from "./0016-machine-strings.ts";
import * as m0017 from "./0017-api-key-scopes.ts";
import * as m0018 from "./0018-webhooks.ts";
import * as m0019 from "./0019-quality-checks.ts";
import * as m0020 from "./0020-glossary.ts";
import * as m0021 from "./0021-screenshots.ts";
import * as m0022 from "./0022-comments.ts";
import * as m0023 from "./0023-activity.ts";
import * as m0024 from "./0024-ai-usage.ts";
import * as m0025 from "./0025-project-snapshots.ts";
import * as m0026 from "./0026-key-search-texts.ts";
import * as m0027 from "./0027-trigger-plans.ts";
import * as m0028 from "./0028-comment-mentioned-ever.ts";
import * as m0029 from "./0029-file-templates.ts";
import * as m0030 from "./0030-namespaces.ts";
import * as m0031 from "./0031-key-positions-between.ts";
import * as m0032 from "./0032-invite-roles.ts";
import * as m0033 from "./0033-email-changes.ts";
import * as m0034 from "./0034-auth-leftovers.ts";
import * as m0035 from "./0035-agents.ts";
import * as m0036 from "./0036-releases.ts";
import * as m0037 from "./0037-sso.ts";
import * as m0038 from "./0038-sso-saml.ts";
import * as m0039 from "./0039-branches.ts";
import * as m0040 from "./0040-checks-only-updates.ts";
import * as m0041 from "./0041-branch-key-links.ts";
import * as m0042 from "./0042-branch-releases.ts";
import * as m0043 from "./0043-branch-batches.ts";
import * as m0044 from "./0044-activity-branch.ts";
import * as m0045 from "./0045-branch-search-texts.ts";
import * as m0046 from "./0046-refresh-custom-plans.ts";
import * as m0047 from "./0047-string-checks.ts";
import * as m0048 from "./0048-branch-text-match.ts";
import * as m0049 from "./0049-branch-chain-once.ts";

/** Numbered, forward-only. Append; never edit a migration that has shipped. */
export const migrations: Record<string, Migration> = {
  "0001-identity-and-teams": m0001,
  "0002-projects-keys-strings": m0002,
  "0003-tone-sections": m0003,
  "0004-batch-translation-jobs": m0004,
  "0005-translation-memory": m0005,
  "0006-api-keys": m0006,
  "0007-unlogged-rate-limits": m0007,
  "0008-reviews": m0008,
  "0009-invite-lookups": m0009,
  "0010-billing": m0010,
  "0011-key-metadata": m0011,
  "0012-team-scoped-memory": m0012,
  "0013-durable-rate-limits": m0013,
  "0014-search-indexes": m0014,
  "0015-language-counts": m0015,
  "0016-machine-strings": m0016,
  "0017-api-key-scopes": m0017,
  "0018-webhooks": m0018,
  "0019-quality-checks": m0019,
  "0020-glossary": m0020,
  "0021-screenshots": m0021,
  "0022-comments": m0022,
  "0023-activity": m0023,
  "0024-ai-usage": m0024,
  "0025-project-snapshots": m0025,
  "0026-key-search-texts": m0026,
  "0027-trigger-plans": m0027,
  "0028-comment-mentioned-ever": m0028,
  "0029-file-templates": m0029,
  "0030-namespaces": m0030,
  "0031-key-positions-between": m0031,
  "0032-invite-roles": m0032,
  "0033-email-changes": m0033,
  "0034-auth-leftovers": m0034,
  "0035-agents": m0035,
  "0036-releases": m0036,
  "0037-sso": m0037,
  "0038-sso-saml": m0038,
  "0039-branches": m0039,
  "0040-checks-only-updates": m0040,
  "0041-branch-key-links": m0041,
  "0042-branch-releases": m0042,
  "0043-branch-batches": m0043,
  "0044-activity-branch": m0044,
  "0045-branch-search-texts": m0045,
  "0046-refresh-custom-plans": m0046,
  "0047-string-checks": m0047,
  "0048-branch-text-match": m0048,
  "0049-branch-chain-once": m0049,
};
