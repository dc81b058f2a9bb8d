import { describe, expect, it } from "vitest";
import {
  applyReviewUpdate,
  inLanguageOrder,
  languageNotice,
  NOTICES,
  splitReviews,
  toggleLanguageDone,
  verdictAuthor,
  withApproval,
  withCell,
} from "./review-state.ts";
import { detail, summary } from "./test-fixtures.ts";

const languages = ["en", "de", "fr"];
const now = new Date("2026-03-03T12:00:00.000Z");

describe("review updates ahead of the server (spec point 4)", () => {
  it("keeps the languages done in the project's order", () => {
    expect(inLanguageOrder(["fr", "en"], languages)).toEqual(["en", "fr"]);
    expect(toggleLanguageDone(["fr"], "en", languages)).toEqual(["en", "fr"]);
    expect(toggleLanguageDone(["en", "fr"], "en", languages)).toEqual(["fr"]);
  });

  it("marking every project language done completes the review", () => {
    const next = applyReviewUpdate(
      summary({ languagesDone: ["en", "de"] }),
      { languagesDone: ["en", "de", "fr"] },
      languages,
      now,
    );
    expect(next.status).toBe("completed");
    expect(next.completed).toBe(true);
    expect(next.lastUpdatedAt).toBe(now.toISOString());
  });

  it("unmarking a language of a completed review leaves it completed; re-opening empties the languages", () => {
    const completed = summary({ status: "completed", completed: true, languagesDone: languages });
    expect(applyReviewUpdate(completed, { languagesDone: ["en", "de"] }, languages).status).toBe("completed");
    const reopened = applyReviewUpdate(completed, { status: "pending" }, languages);
    expect(reopened).toMatchObject({ status: "pending", completed: false, languagesDone: [] });
  });

  it("completing by status keeps the languages; without the project's languages nothing auto-completes", () => {
    expect(applyReviewUpdate(summary({ languagesDone: ["de"] }), { status: "completed" })).toMatchObject({
      status: "completed",
      languagesDone: ["de"],
    });
    expect(applyReviewUpdate(summary(), { languagesDone: ["en", "de", "fr"] }).status).toBe("pending");
  });

  it("trims title and description", () => {
    expect(applyReviewUpdate(summary(), { title: "  New  ", description: " d " })).toMatchObject({
      title: "New",
      description: "d",
    });
  });

  it("names the notice of a language pill click", () => {
    const pending = summary({ languagesDone: ["en"] });
    expect(languageNotice(pending, ["en", "de"], languages)).toBe(NOTICES.languageComplete);
    expect(languageNotice(pending, [], languages)).toBe(NOTICES.languageIncomplete);
    expect(languageNotice(summary({ languagesDone: ["en", "de"] }), languages, languages)).toBe(
      "All languages completed! Task marked as done.",
    );
    // Already completed (done by status): the last language is just a language.
    expect(
      languageNotice(summary({ status: "completed", languagesDone: ["en", "de"] }), languages, languages),
    ).toBe(NOTICES.languageComplete);
  });
});

describe("the Reviews list's sections", () => {
  const reviews = [
    summary({ id: "a", title: "Checkout" }),
    summary({ id: "b", title: "Onboarding", status: "completed", completed: true }),
    summary({ id: "c", title: "Settings", description: "Profile and checkout toggles" }),
  ];

  it("puts pending reviews in To do and completed ones in Completed, keeping the order", () => {
    const { todo, completed } = splitReviews(reviews, "");
    expect(todo.map((r) => r.id)).toEqual(["a", "c"]);
    expect(completed.map((r) => r.id)).toEqual(["b"]);
  });

  it("searches title and description, case-insensitively", () => {
    expect(splitReviews(reviews, "  CHECKOUT ").todo.map((r) => r.id)).toEqual(["a", "c"]);
    expect(splitReviews(reviews, "board").completed.map((r) => r.id)).toEqual(["b"]);
    expect(splitReviews(reviews, "nothing like it")).toEqual({ todo: [], completed: [] });
  });
});

describe("verdicts", () => {
  it("recounts approved / total for the language a verdict changes", () => {
    const approved = withApproval(detail(), "k2", "de", {
      state: "approved",
      comment: null,
      byUserId: "u1",
      byName: "Ada",
      at: null,
    });
    expect(approved.approvalCounts.de).toEqual({ approved: 2, total: 2 });
    const reset = withApproval(approved, "k1", "de", {
      state: "pending",
      comment: null,
      byUserId: null,
      byName: null,
      at: null,
    });
    expect(reset.keys[0]?.approvals.de).toBeUndefined();
    expect(reset.approvalCounts.de).toEqual({ approved: 1, total: 2 });
    expect(reset.approvalCounts.fr).toEqual({ approved: 0, total: 2 });
  });

  it("a changed string goes back to pending; an older or equal version is ignored", () => {
    const review = detail();
    const changed = withCell(review, "k1", "de", {
      value: "Jetzt {amount} zahlen",
      version: 2,
      updatedAt: "x",
    });
    expect(changed.keys[0]?.strings.de?.value).toBe("Jetzt {amount} zahlen");
    expect(changed.keys[0]?.approvals.de).toBeUndefined();
    expect(changed.approvalCounts.de).toEqual({ approved: 0, total: 2 });

    const echo = { value: "{amount} zahlen", version: 1, updatedAt: "x" };
    expect(withCell(review, "k1", "de", echo, { onlyNewer: true })).toBe(review);
    expect(withCell(review, "nope", "de", echo)).toBe(review);
  });
});

describe("who gave a verdict", () => {
  const verdict = { state: "approved" as const, comment: null, byUserId: null, byName: null, at: "x" };
  it("is the person's name, or the agent's marked as one; nobody for pending", () => {
    expect(verdictAuthor({ ...verdict, byUserId: "u1", byName: "Ada Lovelace" })).toBe("Ada Lovelace");
    expect(verdictAuthor({ ...verdict, agent: "claude-code" })).toBe("claude-code (AI agent)");
    expect(verdictAuthor(verdict)).toBeNull();
    expect(verdictAuthor(undefined)).toBeNull();
  });
});
