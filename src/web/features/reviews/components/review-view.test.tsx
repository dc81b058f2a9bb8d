import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReviewDetail } from "../../../../shared/schemas/reviews.ts";
import { CellServicesProvider } from "../../../components/cell-editor/cell-services.tsx";
import { INERT_CELL_SERVICES } from "../../../components/cell-editor/test-fixtures.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type CallTo, mockApi, refusal } from "../../../test/mock-api.ts";
import { watchToasts } from "../../../test/toasts.ts";
import { useReview } from "../api/get-review.ts";
import { detail } from "../test-fixtures.ts";
import { ReviewView } from "./review-view.tsx";

const toasts = watchToasts();
const toastError = toasts.error;
const toastSuccess = toasts.success;

/** A change to the review: its fields, or one cell's verdict. */
type Change = CallTo<"reviews.update" | "reviews.setApproval">;

/** The cell's verdict in `next`, as the server answers a verdict. */
function approvalOf(next: ReviewDetail, keyId: string, language: string) {
  const approval = next.keys.find((row) => row.id === keyId)?.approvals[language];
  return approval ?? { state: "pending" as const, comment: null, byUserId: null, byName: null, at: null };
}

/** The review's summary, as the server answers a change of its fields. */
function summaryOf(next: ReviewDetail) {
  const { languages: _l, sourceLanguage: _s, keys: _k, approvalCounts: _a, ...summary } = next;
  return summary;
}

/**
 * A fake review API: reviews.get answers the review; a change makes it what `answer` makes of the call
 * (undefined: a 500) and answers as the server does. Changes wait for `release()` when `hold` is set, to look at the optimistic state.
 */
function stubApi(review: ReviewDetail, answer: (call: Change) => ReviewDetail | undefined) {
  const calls: Change[] = [];
  let current = review;
  let gate: Promise<void> | undefined;
  let open: () => void = () => {};
  const api = {
    calls,
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      open();
      gate = undefined;
    },
  };
  /** The review after `call`, or the server's refusal. */
  const change = async (call: Change): Promise<ReviewDetail> => {
    calls.push(call);
    if (gate) await gate;
    const next = answer(call);
    if (!next) throw refusal(500, "internal", "boom");
    current = next;
    return next;
  };
  mockApi({
    reviews: {
      get: ({ params }) => {
        if (params.reviewId !== review.id) throw refusal(404, "not_found", "Review not found");
        return current;
      },
      update: async (input) => summaryOf(await change({ procedure: "reviews.update", input })),
      setApproval: async (input) => {
        const next = await change({ procedure: "reviews.setApproval", input });
        return approvalOf(next, input.body.keyId, input.body.language);
      },
    },
  });
  return api;
}

function Harness({ canManage = true }: { canManage?: boolean }) {
  const query = useReview("r1");
  if (!query.data) return <p>loading</p>;
  return (
    <ReviewView
      review={query.data}
      user={{ id: "u2", name: "Grace Hopper" }}
      canManage={canManage}
      canApprove={canManage}
    />
  );
}

function setup(options: { canManage?: boolean } = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        {/* The page gives the cells the translations feature's services; these tests save no string. */}
        <CellServicesProvider value={INERT_CELL_SERVICES}>
          <Harness {...options} />
        </CellServicesProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const pill = (name: string) =>
  within(screen.getByRole("list", { name: "Mark as done" })).getByRole("button", {
    name: new RegExp(`^${name}`),
  });

// The table is virtualized: give the scroll box a height so its rows render in jsdom.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight");
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 800 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, "clientHeight", clientHeight);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastError.mockClear();
  toastSuccess.mockClear();
});

describe("an open review", () => {
  it("shows title, owner, description, times, the pills with approved / total, keys and verdicts", async () => {
    stubApi(detail(), () => undefined);
    setup();
    expect(await screen.findByRole("heading", { name: "Checkout" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "All reviews" }).getAttribute("href")).toBe("/app/reviews");
    expect(screen.getByText("Ada Lovelace")).toBeTruthy();
    expect(screen.getByText("Payment screens")).toBeTruthy();
    expect(screen.getByText("Created")).toBeTruthy();
    expect(screen.getByText("Last updated")).toBeTruthy();
    expect(pill("German").getAttribute("aria-pressed")).toBe("false");
    const german = pill("German").closest("li") as HTMLElement;
    expect(within(german).getByText("1/2 approved")).toBeTruthy();

    const table = screen.getByRole("table", { name: "Review keys" });
    expect(within(table).getByRole("columnheader", { name: "English" })).toBeTruthy();
    expect(within(table).getByText("checkout.pay")).toBeTruthy();
    expect(within(table).getByText("{amount} zahlen")).toBeTruthy();
    expect(within(table).getAllByRole("img", { name: "Approved" })).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Mark as done" })).toBeTruthy();
  });

  it("names who gave each verdict: a person, or a coding agent by its client's name (issue 36)", async () => {
    const base = detail();
    const [k1, k2] = base.keys;
    if (!k1 || !k2) throw new Error("the fixture has two keys");
    const agentVerdict = {
      state: "needs_changes" as const,
      comment: "Too long for the button",
      byUserId: null,
      byName: null,
      agent: "review-bot",
      at: "2026-03-02T11:00:00.000Z",
    };
    stubApi(
      { ...base, keys: [{ ...k1, approvals: { ...k1.approvals, fr: agentVerdict } }, k2] },
      () => undefined,
    );
    setup();
    await screen.findByRole("heading", { name: "Checkout" });
    const table = screen.getByRole("table", { name: "Review keys" });
    expect(within(table).getByText("by Ada Lovelace")).toBeTruthy();
    expect(within(table).getByText("by review-bot (AI agent)")).toBeTruthy();
    expect(within(table).getByRole("img", { name: "Needs changes" }).getAttribute("title")).toBe(
      "Needs changes by review-bot (AI agent): “Too long for the button”",
    );
  });

  it("marks languages done one by one; the last one completes the review", async () => {
    const api = stubApi(detail({ languagesDone: ["en"] }), (call) => {
      const done = (call.procedure === "reviews.update" && call.input.body.languagesDone) || [];
      const all = done.length === 3;
      return detail({ languagesDone: done, status: all ? "completed" : "pending", completed: all });
    });
    const user = setup();
    await screen.findByRole("heading", { name: "Checkout" });

    await user.click(pill("German"));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Language marked as complete"));
    expect(api.calls[0]).toMatchObject({
      procedure: "reviews.update",
      input: { params: { reviewId: "r1" }, body: { languagesDone: ["en", "de"] } },
    });
    expect(pill("German").getAttribute("aria-pressed")).toBe("true");

    await user.click(pill("French"));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith("All languages completed! Task marked as done."),
    );
    expect(await screen.findByRole("button", { name: "Re-open review" })).toBeTruthy();
    expect(screen.getByText("Completed")).toBeTruthy();
  });

  it("a pill changes at once and goes back when the server refuses", async () => {
    const api = stubApi(detail(), () => undefined);
    const user = setup();
    await screen.findByRole("heading", { name: "Checkout" });
    api.hold();
    await user.click(pill("German"));
    await waitFor(() => expect(pill("German").getAttribute("aria-pressed")).toBe("true"));
    api.release();
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith("Failed to update review language completion"),
    );
    await waitFor(() => expect(pill("German").getAttribute("aria-pressed")).toBe("false"));
  });

  it("re-opening a completed review unmarks every language", async () => {
    const api = stubApi(
      detail({ status: "completed", completed: true, languagesDone: ["en", "de", "fr"] }),
      () => detail({ status: "pending", completed: false, languagesDone: [] }),
    );
    const user = setup();
    await user.click(await screen.findByRole("button", { name: "Re-open review" }));
    expect(api.calls[0]?.input.body).toEqual({ status: "pending" });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("All languages unmarked"));
    expect(screen.getByRole("button", { name: "Mark as done" })).toBeTruthy();
    expect(pill("English").getAttribute("aria-pressed")).toBe("false");
  });

  it("a failed re-open puts the review back and says 'Failed to unmark languages'", async () => {
    stubApi(
      detail({ status: "completed", completed: true, languagesDone: ["en", "de", "fr"] }),
      () => undefined,
    );
    const user = setup();
    await user.click(await screen.findByRole("button", { name: "Re-open review" }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Failed to unmark languages"));
    expect(await screen.findByRole("button", { name: "Re-open review" })).toBeTruthy();
    expect(pill("German").getAttribute("aria-pressed")).toBe("true");
  });

  it("approves a translation at once, and reverts with the spec's text when the server refuses", async () => {
    const api = stubApi(detail(), () => undefined);
    const user = setup();
    await screen.findByRole("heading", { name: "Checkout" });
    api.hold();
    await user.click(screen.getByRole("button", { name: "Approve German of checkout.title" }));
    await waitFor(() =>
      expect(within(pill("German").closest("li") as HTMLElement).getByText("2/2 approved")).toBeTruthy(),
    );
    expect(api.calls[0]).toMatchObject({
      procedure: "reviews.setApproval",
      input: { params: { reviewId: "r1" }, body: { keyId: "k2", language: "de", state: "approved" } },
    });
    api.release();
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith("Failed to update review. Please try again."),
    );
    await waitFor(() =>
      expect(within(pill("German").closest("li") as HTMLElement).getByText("1/2 approved")).toBeTruthy(),
    );
  });

  it("marks a translation 'Needs changes' with a comment", async () => {
    const base = detail();
    const api = stubApi(base, (call) => {
      const comment = call.procedure === "reviews.setApproval" ? call.input.body.comment : undefined;
      const [k1, k2] = base.keys;
      if (!k1 || !k2) return undefined;
      return {
        ...base,
        keys: [
          {
            ...k1,
            approvals: {
              ...k1.approvals,
              fr: {
                state: "needs_changes",
                comment: comment ?? null,
                byUserId: "u2",
                byName: "Grace Hopper",
                at: "x",
              },
            },
          },
          k2,
        ],
      };
    });
    const user = setup();
    await screen.findByRole("heading", { name: "Checkout" });
    await user.click(screen.getByRole("button", { name: "Needs changes: French of checkout.pay" }));
    await user.type(await screen.findByRole("textbox", { name: /Comment/ }), "  Use “Régler”  ");
    await user.click(screen.getByRole("button", { name: "Mark needs changes" }));
    await waitFor(() =>
      expect(api.calls[0]?.input.body).toEqual({
        keyId: "k1",
        language: "fr",
        state: "needs_changes",
        comment: "Use “Régler”",
      }),
    );
    expect(await screen.findByRole("img", { name: "Needs changes" })).toBeTruthy();
    expect(screen.getByText("Use “Régler”")).toBeTruthy();
  });

  it("an empty review asks for keys", async () => {
    stubApi(detail({ keys: [], keyCount: 0, approvalCounts: {} }), () => undefined);
    setup();
    expect(await screen.findByRole("heading", { name: "Add keys to review" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Add key" }).length).toBeGreaterThan(0);
  });

  it("an empty review cannot be marked as done, as a whole or language by language (issue 34)", async () => {
    stubApi(detail({ keys: [], keyCount: 0, approvalCounts: {}, languagesDone: ["en"] }), () => undefined);
    setup();
    const markDone = (await screen.findByRole("button", { name: "Mark as done" })) as HTMLButtonElement;
    expect(markDone.disabled).toBe(true);
    expect(markDone.title).toBe("Add keys before marking the review as done");
    expect((pill("German") as HTMLButtonElement).disabled).toBe(true);
    // A language marked before its keys went can still be unmarked.
    expect((pill("English") as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("a review on a phone (below 768 px, issue 19)", () => {
  it("shows one translation at a time, picked with 'Language shown', below the source text", async () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        media: query,
        matches: query.includes("max-width"),
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    stubApi(detail(), () => undefined);
    const user = setup();
    await screen.findByRole("heading", { name: "Checkout" });
    const picker = screen.getByRole("combobox", { name: "Language shown" }) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.text)).toEqual([
      "English (source)",
      "German",
      "French",
    ]);
    // The first translation first.
    expect(picker.value).toBe("de");
    const table = screen.getByRole("table", { name: "Review keys" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Key", "English", "German"]);
    expect(screen.getByRole("button", { name: "Approve German of checkout.pay" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve French of checkout.pay" })).toBeNull();
    // The source is there to read beside the translation (issue 34); its verdict is given with it picked.
    expect(within(table).getByText("Pay {amount}")).toBeTruthy();
    expect(within(table).getByText("{amount} zahlen")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve English of checkout.pay" })).toBeNull();

    await user.selectOptions(picker, "fr");
    expect(screen.getByRole("button", { name: "Needs changes: French of checkout.pay" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve German of checkout.pay" })).toBeNull();

    await user.selectOptions(picker, "en");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Key", "English"]);
    expect(screen.getByRole("button", { name: "Approve English of checkout.pay" })).toBeTruthy();
  });
});
