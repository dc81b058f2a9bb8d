import { agentDisplayName, type Cell } from "../../../shared/schemas/keys.ts";
import type {
  Approval,
  ApprovalState,
  ReviewDetail,
  ReviewSummary,
  UpdateReviewBody,
} from "../../../shared/schemas/reviews.ts";

/**
 * The review rules the web applies ahead of the server's answer (optimistic updates, spec point 4),
 * and the texts they lead to. The server applies the same rules and has the last word.
 */

export const NOTICES = {
  allCompleted: "All languages completed! Task marked as done.",
  allUnmarked: "All languages unmarked",
  languageComplete: "Language marked as complete",
  languageIncomplete: "Language marked as incomplete",
} as const;

export const REVIEW_ERRORS = {
  loadList: "Failed to load reviews. Please try again.",
  loadDetail: "Failed to load review details. Please try again.",
  update: "Failed to update review. Please try again.",
  addKeys: "Failed to add keys to review",
  languageCompletion: "Failed to update review language completion",
  unmarkLanguages: "Failed to unmark languages",
  notFound: "Review not found",
  generic: "An unexpected error occurred. Please try again.",
} as const;

/** `codes` in the order of `languages` (codes the project no longer has go last, as given). */
export function inLanguageOrder(codes: readonly string[], languages: readonly string[]): string[] {
  const wanted = new Set(codes);
  const ordered = languages.filter((code) => wanted.has(code));
  const rest = [...wanted].filter((code) => !languages.includes(code));
  return [...ordered, ...rest];
}

/** The server refuses to complete a review without keys: nothing in it was reviewed (issue 34). */
export const NO_KEYS_TO_COMPLETE = "Add keys before marking the review as done";

/** Every one of `languages` is in `done` (and there is at least one language). */
export function allLanguagesDone(done: readonly string[], languages: readonly string[]): boolean {
  return languages.length > 0 && languages.every((code) => done.includes(code));
}

/** The languages done after a click on one language's 'Mark as done' pill. */
export function toggleLanguageDone(
  done: readonly string[],
  code: string,
  languages: readonly string[],
): string[] {
  return done.includes(code) ? done.filter((c) => c !== code) : inLanguageOrder([...done, code], languages);
}

/**
 * A review after an update, as the server will make it: setting status pending empties the languages
 * done; marking every project language done completes the review (spec point 4). `languages` are the
 * project's languages; without them (the Reviews list) only the first rule can be applied.
 */
export function applyReviewUpdate<T extends ReviewSummary>(
  review: T,
  body: UpdateReviewBody,
  languages?: readonly string[],
  now: Date = new Date(),
): T {
  const next: T = { ...review, lastUpdatedAt: now.toISOString() };
  if (body.title !== undefined) next.title = body.title.trim();
  if (body.description !== undefined) next.description = body.description.trim();
  if (body.languagesDone !== undefined) {
    next.languagesDone = inLanguageOrder(body.languagesDone, languages ?? review.languagesDone);
    if (languages && allLanguagesDone(next.languagesDone, languages)) next.status = "completed";
  }
  if (body.status !== undefined) next.status = body.status;
  if (body.status === "pending") next.languagesDone = [];
  next.completed = next.status === "completed";
  return next;
}

/** The notice for a language pill click that worked (spec point 8 success notices). */
export function languageNotice(
  before: Pick<ReviewSummary, "status" | "languagesDone">,
  nextDone: readonly string[],
  languages: readonly string[],
): string {
  if (before.status !== "completed" && allLanguagesDone(nextDone, languages)) return NOTICES.allCompleted;
  return nextDone.length > before.languagesDone.length
    ? NOTICES.languageComplete
    : NOTICES.languageIncomplete;
}

function matches(review: ReviewSummary, needle: string): boolean {
  return [review.title, review.description, review.ownerName ?? ""].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** The Reviews list's sections (spec point 2): To do (pending) and Completed, filtered by the search. */
export function splitReviews(
  reviews: readonly ReviewSummary[],
  search: string,
): { todo: ReviewSummary[]; completed: ReviewSummary[] } {
  const needle = search.trim().toLowerCase();
  const shown = needle === "" ? reviews : reviews.filter((review) => matches(review, needle));
  return {
    todo: shown.filter((review) => review.status !== "completed"),
    completed: shown.filter((review) => review.status === "completed"),
  };
}

/** A review's approval of one string, as shown: absent means pending. */
export function approvalStateOf(approval: Approval | undefined): ApprovalState {
  return approval?.state ?? "pending";
}

/**
 * Who gave a verdict, as the review shows them: a person by name, a coding agent (issue 36, no
 * user) as History names it ("claude-code (AI agent)"); null for pending or a person since deleted.
 */
export function verdictAuthor(approval: Approval | undefined): string | null {
  if (approval?.byName) return approval.byName;
  return approval?.agent ? agentDisplayName(approval.agent) : null;
}

/** The review with one verdict changed, and its header's approved / total count recomputed. */
export function withApproval(
  detail: ReviewDetail,
  keyId: string,
  language: string,
  approval: Approval,
): ReviewDetail {
  let touched = false;
  const keys = detail.keys.map((row) => {
    if (row.id !== keyId) return row;
    touched = true;
    const approvals = { ...row.approvals };
    if (approval.state === "pending") delete approvals[language];
    else approvals[language] = approval;
    return { ...row, approvals };
  });
  if (!touched) return detail;
  const approved = keys.filter((row) => row.approvals[language]?.state === "approved").length;
  const total = detail.approvalCounts[language]?.total ?? keys.length;
  return {
    ...detail,
    keys,
    approvalCounts: { ...detail.approvalCounts, [language]: { approved, total } },
  };
}

/**
 * The review with one string replaced (a save in the review's table, or someone else's over the
 * event stream). A verdict was given on the string as it was: a changed value sends it back to
 * pending (the server does the same). With `onlyNewer`, an older or equal version leaves it alone.
 * Same object when nothing changed.
 */
export function withCell(
  detail: ReviewDetail,
  keyId: string,
  language: string,
  cell: Cell,
  options: { onlyNewer?: boolean } = {},
): ReviewDetail {
  const row = detail.keys.find((r) => r.id === keyId);
  if (!row) return detail;
  const current = row.strings[language];
  if (options.onlyNewer && current && current.version >= cell.version) return detail;
  if (current && current.version === cell.version && current.value === cell.value) return detail;
  const keys = detail.keys.map((r) =>
    r.id === keyId ? { ...r, strings: { ...r.strings, [language]: cell } } : r,
  );
  const next = { ...detail, keys };
  const judged = row.approvals[language];
  if (judged && (current?.value ?? "") !== cell.value) {
    return withApproval(next, keyId, language, {
      state: "pending",
      comment: null,
      byUserId: null,
      byName: null,
      at: null,
    });
  }
  return next;
}

/** The reviews a selection of keys may be added to: pending ones, newest change first. */
export function pendingReviews(reviews: readonly ReviewSummary[]): ReviewSummary[] {
  return reviews.filter((review) => review.status !== "completed");
}
