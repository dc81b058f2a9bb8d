import { CHECK_IDS, type CheckId } from "../../shared/quality/definitions.ts";
import type {
  Approval,
  ProjectApprovals,
  ReviewDetail,
  ReviewKey,
  ReviewSummary,
} from "../../shared/schemas/reviews.ts";
import type {
  PendingReviewKey,
  ReviewKeysPage,
  ReviewVerdict,
  V1ReviewSummary,
} from "../../shared/schemas/v1-reviewer.ts";
import { isoDate } from "../db/sql.ts";
import { presentCell } from "../keys/present.ts";
import type { ProjectRow } from "../teams/access.ts";
import type { PendingCellRow, ReviewProgressRow } from "./agent-queries.ts";
import type { ApprovalRow, KeyStringRow, ProjectApprovalRow, SummaryRow } from "./queries.ts";

/** Rows to the contract's answers (src/shared/schemas/reviews.ts): no raw row leaves the server. */

export function presentSummary(row: SummaryRow, projectLanguages: readonly string[]): ReviewSummary {
  const done = new Set(row.languages_done);
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    description: row.description,
    status: row.status,
    completed: row.status === "completed",
    ownerUserId: row.owner_user_id,
    ownerName: row.owner_name,
    assignee: "Unassigned",
    keyCount: row.key_count,
    // A language removed from the project since is no longer shown as done.
    languagesDone: projectLanguages.filter((code) => done.has(code)),
    createdAt: isoDate(row.created_at),
    lastUpdatedAt: isoDate(row.last_updated_at),
    branchId: row.branch_id,
    branchName: row.branch_name,
  };
}

/** A cell's verdict; no row (or one no longer current) is pending. */
export function presentApproval(row: ApprovalRow | undefined): Approval {
  if (!row) return { state: "pending", comment: null, byUserId: null, byName: null, at: null };
  return {
    state: row.state,
    comment: row.comment,
    byUserId: row.user_id,
    byName: row.by_name,
    ...(row.agent === null ? {} : { agent: row.agent }),
    at: isoDate(row.updated_at),
  };
}

function foldKeys(rows: KeyStringRow[]): ReviewKey[] {
  const keys: ReviewKey[] = [];
  let current: ReviewKey | undefined;
  for (const row of rows) {
    if (current?.id !== row.id) {
      current = { id: row.id, key: row.key, strings: {}, approvals: {} };
      keys.push(current);
    }
    if (row.language_code !== null && row.value !== null && row.updated_at !== null) {
      current.strings[row.language_code] = presentCell(row.value, row.version, row.updated_at, row.machine);
    }
  }
  return keys;
}

export function presentDetail(
  summary: SummaryRow,
  project: ProjectRow,
  keyRows: KeyStringRow[],
  approvals: ApprovalRow[],
): ReviewDetail {
  const keys = foldKeys(keyRows);
  const byId = new Map(keys.map((key) => [key.id, key]));
  const approvalCounts: ReviewDetail["approvalCounts"] = {};
  for (const code of project.languages) approvalCounts[code] = { approved: 0, total: keys.length };
  for (const row of approvals) {
    const key = byId.get(row.key_id);
    if (!key) continue;
    key.approvals[row.language_code] = presentApproval(row);
    const count = approvalCounts[row.language_code];
    if (count && row.state === "approved") count.approved += 1;
  }
  return {
    ...presentSummary({ ...summary, key_count: keys.length }, project.languages),
    languages: project.languages,
    sourceLanguage: project.source_language,
    keys,
    approvalCounts,
  };
}

export function presentProjectApprovals(rows: ProjectApprovalRow[]): ProjectApprovals {
  return {
    approvals: rows.map((row) => ({
      keyId: row.key_id,
      language: row.language_code,
      reviewId: row.review_id,
      state: row.state,
      comment: row.comment,
    })),
  };
}

/** A review as an agent's list shows it: per language of the project, what is judged and what is left. */
export function presentV1Summary(
  row: SummaryRow,
  project: ProjectRow,
  progress: readonly ReviewProgressRow[],
): V1ReviewSummary {
  const summary = presentSummary(row, project.languages);
  const byLanguage = new Map(progress.map((p) => [p.language_code, p]));
  return {
    id: summary.id,
    title: summary.title,
    description: summary.description,
    status: summary.status,
    branch: row.branch_name,
    keyCount: summary.keyCount,
    languagesDone: summary.languagesDone,
    lastUpdatedAt: summary.lastUpdatedAt,
    languages: project.languages.map((language) => {
      const counts = byLanguage.get(language);
      return {
        language,
        pending: counts?.pending ?? 0,
        approved: counts?.approved ?? 0,
        needsChanges: counts?.needs_changes ?? 0,
      };
    }),
  };
}

/** The opaque cursor of the page after the key `name` (its name, base64url). */
export const cursorAfter = (name: string) => Buffer.from(name, "utf8").toString("base64url");
export const nameOfCursor = (cursor: string) => Buffer.from(cursor, "base64url").toString("utf8");

/**
 * A page of pending cells folded into keys; the row of the key past `limit` (read to know that
 * one follows) becomes the cursor's reason, not part of the page. Checks the project turned off
 * are left out, as everywhere they are shown.
 */
export function presentPendingPage(
  reviewId: string,
  project: ProjectRow,
  rows: readonly PendingCellRow[],
  limit: number,
): ReviewKeysPage {
  const disabled = new Set(project.disabled_checks);
  const shown = (id: string): id is CheckId =>
    (CHECK_IDS as readonly string[]).includes(id) && !disabled.has(id);
  const keys: PendingReviewKey[] = [];
  let more = false;
  for (const row of rows) {
    let key = keys.at(-1);
    if (key?.key !== row.key) {
      if (keys.length === limit) {
        more = true;
        break;
      }
      key = {
        key: row.key,
        description: row.description,
        maxLength: row.max_length,
        source: row.source,
        pending: [],
      };
      keys.push(key);
    }
    key.pending.push({
      language: row.language_code,
      text: row.value,
      version: row.value === null ? 0 : Number(row.version),
      machine: row.machine !== null,
      ...(row.machine === null ? {} : { machineKind: row.machine }),
      failedChecks: (row.checks ?? []).filter(shown),
    });
  }
  const last = keys.at(-1);
  return {
    reviewId,
    sourceLanguage: project.source_language,
    keys,
    nextCursor: more && last ? cursorAfter(last.key) : null,
  };
}

/** An agent's verdict as its answer names it. */
export function presentVerdict(
  at: { reviewId: string; key: string; language: string; agent: string; dryRun: boolean },
  row: ApprovalRow,
): ReviewVerdict {
  return {
    reviewId: at.reviewId,
    key: at.key,
    language: at.language,
    verdict: row.state,
    comment: row.comment,
    version: Number(row.string_version),
    agent: row.agent ?? at.agent,
    dryRun: at.dryRun,
  };
}
