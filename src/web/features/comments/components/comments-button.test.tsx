import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { Me } from "../../../../shared/schemas/auth.ts";
import type { Comment, CommentThread } from "../../../../shared/schemas/comments.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { inputsOf, mockApi, refusal } from "../../../test/mock-api.ts";
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
}

/** A fake API for project p1's thread of k1 in German: reading answers it, a comment adds to it, resolve flips it. */
function stubApi(server: Server) {
  const notFound = () => refusal(404, "not_found", "No such API endpoint");
  const inP1 = (projectId: string) => {
    if (projectId !== "p1") throw notFound();
  };
  const theThread = (params: { keyId: string; lang: string }) => {
    if (params.keyId !== "k1" || params.lang !== "de") throw notFound();
  };
  return mockApi({
    comments: {
      counts: ({ params }) => {
        inP1(params.projectId);
        return { counts: server.counts };
      },
      people: ({ params }) => {
        inP1(params.projectId);
        return { people: PEOPLE };
      },
      thread: ({ params }) => {
        theThread(params);
        return server.thread;
      },
      create: ({ params, body }) => {
        theThread(params);
        const made = comment({
          id: `c${server.thread.comments.length + 1}`,
          authorId: "u-olga",
          author: "Olga Owner",
          body: body.body,
          mentions: body.mentions ?? [],
        });
        server.thread = {
          ...server.thread,
          comments: [...server.thread.comments, made],
          openCount: server.thread.openCount + 1,
        };
        return made;
      },
      resolve: ({ params }) => {
        theThread(params);
        const now = new Date().toISOString();
        server.thread = {
          ...server.thread,
          openCount: 0,
          comments: server.thread.comments.map((c) => ({ ...c, resolvedAt: now, resolvedBy: "Olga Owner" })),
        };
        return server.thread;
      },
    },
  });
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
    const calls = stubApi({ thread: { comments: [], openCount: 0, canModerate: true }, counts: {} });
    renderButton("badge");
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByRole("button", { name: /Comments on/ })).toBeNull();
    cleanup();
    renderButton();
    expect(await screen.findByRole("button", { name: "Comments on German of checkout.title" })).toBeTruthy();
  });

  it("mentions a teammate from the @ list and sends with Ctrl+Enter", async () => {
    const server: Server = {
      thread: { comments: [], openCount: 0, canModerate: true },
      counts: {},
    };
    const calls = stubApi(server);
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

    await waitFor(() => expect(inputsOf(calls, "comments.create")).toHaveLength(1));
    const [sent] = inputsOf(calls, "comments.create");
    expect(sent?.body).toEqual({ body: "Please check @Rita Reviewer the tone", mentions: ["u-rita"] });
    expect(await screen.findByText("Please check @Rita Reviewer the tone")).toBeTruthy();
    expect((field as HTMLTextAreaElement).value).toBe("");
  });
});
