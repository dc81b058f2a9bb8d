import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { ReviewSummary } from "../../shared/schemas/reviews.ts";
import { api } from "./api.ts";
import { ApiError } from "./api-client.ts";

const REVIEW = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const PROJECT = "0b4f7a8e-9a53-4d3e-8f4e-2b1b7c6d5e4f";

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const summary: ReviewSummary = {
  id: REVIEW,
  projectId: PROJECT,
  title: "Release 2",
  description: "",
  status: "pending",
  completed: false,
  ownerUserId: "u1",
  branchId: null,
  branchName: null,
  ownerName: "Olga Owner",
  assignee: "Unassigned",
  keyCount: 0,
  languagesDone: [],
  createdAt: "2026-11-25T10:00:00.000Z",
  lastUpdatedAt: "2026-11-25T10:00:00.000Z",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the web's API client, derived from the contract", () => {
  it("sends the contract's method to its path with the params filled in and the body as JSON", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, summary));
    vi.stubGlobal("fetch", fetchMock);

    const created = await api.reviews.create({
      params: { projectId: PROJECT },
      body: { title: "Release 2" },
    });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/projects/${PROJECT}/reviews`);
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(JSON.stringify({ title: "Release 2" }));
    expect(created.title).toBe("Release 2");
  });

  it("refuses an answer that does not match the contract's schema", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => jsonResponse(200, { ...summary, title: 42 })),
    );
    const failure = await api.reviews
      .update({ params: { reviewId: REVIEW }, body: { title: "x" } })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("invalid_response");
  });

  it("throws the server's error shape as ApiError, and answers nothing for a 204", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        jsonResponse(404, { error: { code: "not_found", message: "Review not found" } }),
      ),
    );
    const failure = await api.reviews.get({ params: { reviewId: REVIEW } }).catch((e) => e);
    expect(failure).toMatchObject({
      status: 404,
      code: "not_found",
      message: "Review not found",
      fromServer: true,
    });

    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(api.reviews.remove({ params: { reviewId: REVIEW } })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("DELETE");
  });

  it("types inputs and answers from the contract, so a renamed field fails the type check", async () => {
    type Summary = Awaited<ReturnType<typeof api.reviews.create>>;
    expectTypeOf<Summary["title"]>().toEqualTypeOf<string>();
    // @ts-expect-error the contract's answer has no `name`
    expectTypeOf<Summary["name"]>().toBeString();
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => jsonResponse(200, summary)),
    );
    // @ts-expect-error the contract's param is `reviewId`
    const misnamed = api.reviews.update({ params: { id: REVIEW }, body: { title: "x" } });
    // At run time the link names the missing parameter instead of calling a wrong URL.
    await expect(misnamed).rejects.toThrow("Missing path parameter reviewId");
  });
});
