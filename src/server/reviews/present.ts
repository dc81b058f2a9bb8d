import type {
  Approval,
  ProjectApprovals,
  ReviewDetail,
  ReviewKey,
  ReviewSummary,
} from "../../shared/schemas/reviews.ts";
import { isoDate } from "../db/sql.ts";
import { presentCell } from "../keys/present.ts";
import type { ProjectRow } from "../teams/access.ts";
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
