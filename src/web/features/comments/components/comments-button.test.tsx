import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../../shared/schemas/auth.ts";
import type { Comment, CommentThread } from "../../../../shared/schemas/comments.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { CommentsButton } from "./comments-button.tsx";

const ME: Me = { user: { id: "u-olga", email: "olga@example.com" }, profile: null, teams: [] };
const PEOPLE = [
  { id: "u-olga", name: "Olga Owner", email: "olga@example.com" },
  { id: "u-rita", name: "Rita Reviewer", email: "rita@example.com" },
];

function comment(over: Partial<Comment>): Comment {
  return {
    id: "c1",
    keyId: "k1",
    language: "de",
    authorId: "u-rita",
    author: "Rita Reviewer",
    body: "Is this formal?",
    mentions: [],
    resolvedAt: null,
    resolvedBy: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    editedAt: null,
    ...over,
  };
}

interface Server {
  thread: CommentThread;
  counts: Record<string, number>;
  requests: { method: string; url: string; body: unknown }[];
}

/** A fake API for one thread: GET answers it, POST adds to it, resolve/reopen flip it. */
function stubApi(server: Server) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      server.requests.push({ method, url, body });
      if (url.startsWith("/api/projects/p1/comments/counts")) return json({ counts: server.counts });
      if (url === "/api/projects/p1/comments/people") return json({ people: PEOPLE });
      if (url === "/api/keys/k1/comments/de" && method === "GET") return json(server.thread);
      if (url === "/api/keys/k1/comments/de" && method === "POST") {
        const made = comment({
          id: `c${server.thread.comments.length + 1}`,
          authorId: "u-olga",
          author: "Olga Owner",
          body: body.body,
          mentions: body.mentions,
        });
        server.thread = {
          ...server.thread,
          comments: [...server.thread.comments, made],
          openCount: server.thread.openCount + 1,
        };
        return json(made, 201);
      }
      if (url === "/api/keys/k1/comments/de/resolve") {
        const now = new Date().toISOString();
        server.thread = {
          ...server.thread,
          openCount: 0,
          comments: server.thread.comments.map((c) => ({ ...c, resolvedAt: now, resolvedBy: "Olga Owner" })),
        };
        return json(server.thread);
      }
      return json({ error: { code: "not_found", message: url } }, 404);
    }),
  );
}

function renderButton(placement?: "actions" | "badge") {
  const client = createQueryClient();
  client.setQueryData(queryKeys.me(), ME);
  render(
    <QueryClientProvider client={client}>
      <CommentsButton
        projectId="p1"
        keyId="k1"
        language="de"
        cellLabel="German of checkout.title"
        {...(placement ? { placement } : {})}
      />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CommentsButton", () => {
  it("names the open count, lists the thread with author and time, and resolves it", async () => {
    const server: Server = {
      thread: {
        comments: [
          comment({}),
          comment({ id: "c2", authorId: "u-olga", author: "Olga Owner", body: "Yes, Sie." }),
        ],
        openCount: 2,
        canModerate: false,
      },
      counts: { k1: 2 },
      requests: [],
    };
    stubApi(server);
    const user = userEvent.setup();
    renderButton("badge");
    await user.click(
      await screen.findByRole("button", { name: "Comments on German of checkout.title (2 open)" }),
    );
    const list = await screen.findByRole("list", { name: "Comments" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]?.textContent).toContain("Rita Reviewer");
    expect(items[0]?.textContent).toContain("5 minutes ago");
    // Only one's own comment can be edited; a reviewer deletes only their own.
    expect(within(items[0] as HTMLElement).queryByRole("button", { name: /Edit/ })).toBeNull();
    expect(
      within(items[1] as HTMLElement).getByRole("button", { name: "Edit comment by Olga Owner" }),
    ).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Resolve" }));
    expect(await screen.findByRole("button", { name: "Reopen" })).toBeTruthy();
    expect(screen.getAllByText("Resolved by Olga Owner")).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Comments on German of checkout.title" })).toBeTruthy(),
    );
  });

  it("hides the badge of a thread without open comments, but not the hover action", async () => {
    stubApi({ thread: { comments: [], openCount: 0, canModerate: true }, counts: {}, requests: [] });
    renderButton("badge");
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole("button", { name: /Comments on/ })).toBeNull();
    cleanup();
    renderButton();
    expect(await screen.findByRole("button", { name: "Comments on German of checkout.title" })).toBeTruthy();
  });

  it("mentions a teammate from the @ list and sends with Ctrl+Enter", async () => {
    const server: Server = {
      thread: { comments: [], openCount: 0, canModerate: true },
      counts: {},
      requests: [],
    };
    stubApi(server);
    const user = userEvent.setup();
    renderButton();
    await user.click(await screen.findByRole("button", { name: "Comments on German of checkout.title" }));
    const field = await screen.findByRole("textbox", { name: "Write a comment" });
    await user.type(field, "Please check @ri");
    const option = await screen.findByRole("option", { name: /Rita Reviewer/ });
    expect(option.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{Enter}");
    expect((field as HTMLTextAreaElement).value).toBe("Please check @Rita Reviewer ");
    await user.type(field, "the tone{Control>}{Enter}{/Control}");

    await waitFor(() => expect(server.requests.some((r) => r.method === "POST")).toBe(true));
    const sent = server.requests.find((r) => r.method === "POST");
    expect(sent?.body).toEqual({ body: "Please check @Rita Reviewer the tone", mentions: ["u-rita"] });
    expect(await screen.findByText("Please check @Rita Reviewer the tone")).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe("");
  });
});
