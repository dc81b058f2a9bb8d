import type { ReviewDetail, ReviewSummary } from "../../../shared/schemas/reviews.ts";

/** Test data for the reviews feature's tests (not used by the app). */
export function summary(overrides: Partial<ReviewSummary> = {}): ReviewSummary {
  return {
    id: "r1",
    projectId: "p1",
    title: "Checkout",
    description: "Payment screens",
    status: "pending",
    completed: false,
    ownerUserId: "u1",
    ownerName: "Ada Lovelace",
    assignee: "Unassigned",
    keyCount: 2,
    languagesDone: [],
    createdAt: "2026-03-01T10:00:00.000Z",
    lastUpdatedAt: "2026-03-02T10:00:00.000Z",
    branchId: null,
    branchName: null,
    ...overrides,
  };
}

const cell = (value: string, version = 1) => ({ value, version, updatedAt: "2026-03-01T10:00:00.000Z" });

export function detail(overrides: Partial<ReviewDetail> = {}): ReviewDetail {
  return {
    ...summary(),
    languages: ["en", "de", "fr"],
    sourceLanguage: "en",
    keys: [
      {
        id: "k1",
        key: "checkout.pay",
        strings: { en: cell("Pay {amount}"), de: cell("{amount} zahlen"), fr: cell("Payer {amount}") },
        approvals: {
          de: {
            state: "approved",
            comment: null,
            byUserId: "u1",
            byName: "Ada Lovelace",
            at: "2026-03-02T10:00:00.000Z",
          },
        },
      },
      {
        id: "k2",
        key: "checkout.title",
        strings: { en: cell("Checkout"), de: cell("Kasse") },
        approvals: {},
      },
    ],
    approvalCounts: {
      en: { approved: 0, total: 2 },
      de: { approved: 1, total: 2 },
      fr: { approved: 0, total: 2 },
    },
    ...overrides,
  };
}
