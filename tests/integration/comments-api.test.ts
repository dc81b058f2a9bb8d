import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { Comment, CommentThread } from "../../src/shared/schemas/comments.ts";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import { type ApiApp, apiAppForThisFile, uniqueEmail } from "../helpers/api-app.ts";
import { commentsWorld, threadPath } from "../helpers/comments-world.ts";
import { call } from "../helpers/contract-client.ts";
import { openEventStream } from "../helpers/sse.ts";

const api = apiAppForThisFile();
const world = (app: ApiApp = api()) => commentsWorld(app);

describe("comment threads", () => {
  it("lists a key and language's comments oldest first, named as teammates see them", async () => {
    const { owner, reviewer, keyId } = await world();
    const first = await owner.request<Comment>("POST", threadPath(keyId, "de"), {
      body: { body: "  Is 'Kasse' right here?  " },
    });
    expect(first).toMatchObject({
      status: 201,
      body: { keyId, language: "de", author: "Olga Owner", body: "Is 'Kasse' right here?", resolvedAt: null },
    });
    await reviewer.request("POST", threadPath(keyId, "de"), { body: { body: "Yes, it is." } });
    await owner.request("POST", threadPath(keyId, "fr"), { body: { body: "Another language" } });

    const thread = await reviewer.request<CommentThread>("GET", threadPath(keyId, "de"));
    expect(thread.status).toBe(200);
    expect(thread.body.openCount).toBe(2);
    expect(thread.body.comments.map((c) => [c.author, c.body])).toEqual([
      ["Olga Owner", "Is 'Kasse' right here?"],
      ["Rita Reviewer", "Yes, it is."],
    ]);
  });

  it("refuses empty and over-long comments and languages the project does not have", async () => {
    const { owner, keyId } = await world();
    expect((await owner.request("POST", threadPath(keyId, "de"), { body: { body: "   " } })).status).toBe(
      400,
    );
    const long = await owner.request("POST", threadPath(keyId, "de"), { body: { body: "x".repeat(4001) } });
    expect(long.status).toBe(400);
    const max = await owner.request("POST", threadPath(keyId, "de"), { body: { body: "x".repeat(4000) } });
    expect(max.status).toBe(201);
    expect((await owner.request("POST", threadPath(keyId, "ja"), { body: { body: "Hi" } })).status).toBe(400);
  });

  it("lets authors edit their own comment only; authors, owners and admins delete", async () => {
    const { owner, reviewer, keyId } = await world();
    const mine = await reviewer.request<Comment>("POST", threadPath(keyId, "de"), { body: { body: "Typo" } });
    const theirs = await owner.request<Comment>("POST", threadPath(keyId, "de"), {
      body: { body: "Owner's" },
    });

    const edited = await reviewer.request<Comment>("PATCH", `/api/comments/${mine.body.id}`, {
      body: { body: "Typo fixed" },
    });
    expect(edited.body).toMatchObject({ body: "Typo fixed" });
    expect(edited.body.editedAt).not.toBeNull();
    expect(
      (await reviewer.request("PATCH", `/api/comments/${theirs.body.id}`, { body: { body: "Hijack" } }))
        .status,
    ).toBe(403);
    expect(
      (await owner.request("PATCH", `/api/comments/${mine.body.id}`, { body: { body: "No" } })).status,
    ).toBe(403);
    expect((await reviewer.request("DELETE", `/api/comments/${theirs.body.id}`)).status).toBe(403);
    expect((await owner.request("DELETE", `/api/comments/${mine.body.id}`)).status).toBe(204);
    expect((await owner.request("DELETE", `/api/comments/${theirs.body.id}`)).status).toBe(204);
    const thread = await owner.request<CommentThread>("GET", threadPath(keyId, "de"));
    expect(thread.body.comments).toEqual([]);
  });

  it("hides comments from people outside the team", async () => {
    const { owner, keyId, projectId } = await world();
    const made = await owner.request<Comment>("POST", threadPath(keyId, "de"), { body: { body: "Secret" } });
    const outsider = await api().signIn(uniqueEmail("outsider"));
    expect((await outsider.request("GET", threadPath(keyId, "de"))).status).toBe(404);
    expect((await outsider.request("DELETE", `/api/comments/${made.body.id}`)).status).toBe(404);
    expect(
      (await outsider.request("GET", `/api/projects/${projectId}/comments/counts?language=de`)).status,
    ).toBe(404);
  });
});

describe("resolving", () => {
  it("resolves the whole thread, counts open comments per key, and reopens what the resolve closed", async () => {
    const { owner, reviewer, projectId, keyId } = await world();
    const other = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "b" },
    });
    await owner.request("POST", threadPath(keyId, "de"), { body: { body: "One" } });
    await owner.request("POST", threadPath(keyId, "de"), { body: { body: "Two" } });
    await owner.request("POST", threadPath(other.body.id, "de"), { body: { body: "Elsewhere" } });
    await owner.request("POST", threadPath(keyId, "fr"), { body: { body: "French" } });
    const counts = () =>
      call(reviewer, contract.comments.counts, { params: { projectId }, query: { language: "de" } });
    expect((await counts()).body).toEqual({ counts: { [keyId]: 2, [other.body.id]: 1 } });

    const resolved = await reviewer.request<CommentThread>("POST", `${threadPath(keyId, "de")}/resolve`);
    expect(resolved.body.openCount).toBe(0);
    expect(
      resolved.body.comments.every((c) => c.resolvedBy === "Rita Reviewer" && c.resolvedAt !== null),
    ).toBe(true);
    expect((await counts()).body).toEqual({ counts: { [other.body.id]: 1 } });

    // A new comment opens the thread again; resolving and reopening touches only the new one.
    await owner.request("POST", threadPath(keyId, "de"), { body: { body: "Three" } });
    await owner.request("POST", `${threadPath(keyId, "de")}/resolve`);
    const reopened = await owner.request<CommentThread>("POST", `${threadPath(keyId, "de")}/reopen`);
    expect(reopened.body.openCount).toBe(1);
    expect(reopened.body.comments.filter((c) => c.resolvedAt === null).map((c) => c.body)).toEqual(["Three"]);
    expect((await counts()).body.counts[keyId]).toBe(1);
  });

  it("lists a review's open comments with the key's name", async () => {
    const { owner, reviewer, projectId, keyId } = await world();
    const outside = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "z" },
    });
    const review = await owner.request<{ id: string }>("POST", `/api/projects/${projectId}/reviews`, {
      body: { title: "Checkout", keyIds: [keyId] },
    });
    await owner.request("POST", threadPath(keyId, "de"), { body: { body: "Open one" } });
    await owner.request("POST", threadPath(keyId, "fr"), { body: { body: "Closed one" } });
    await owner.request("POST", `${threadPath(keyId, "fr")}/resolve`);
    await owner.request("POST", threadPath(outside.body.id, "de"), { body: { body: "Not in the review" } });
    const listed = await call(reviewer, contract.comments.review, { params: { reviewId: review.body.id } });
    expect(listed.status).toBe(200);
    expect(listed.body.comments.map((c) => [c.key, c.language, c.author, c.body])).toEqual([
      ["checkout.title", "de", "Olga Owner", "Open one"],
    ]);
  });
});

describe("mentions", () => {
  it("e-mails each team member mentioned once, not the author, and ignores people outside the team", async () => {
    const { owner, reviewer, reviewerEmail, reviewerId, teamId, projectId, keyId } = await world();
    const outsiderEmail = uniqueEmail("outsider");
    await api().signIn(outsiderEmail);
    const outsiderId = (
      await api()
        .db.selectFrom("users")
        .select("id")
        .where("email", "=", outsiderEmail)
        .executeTakeFirstOrThrow()
    ).id;
    const people = await call(reviewer, contract.comments.people, { params: { projectId } });
    expect(people.body.people.map((p) => p.name).sort()).toEqual(["Olga Owner", "Rita Reviewer"]);
    const ownerId = people.body.people.find((p) => p.name === "Olga Owner")?.id ?? "";

    const made = await owner.request<Comment>("POST", threadPath(keyId, "de"), {
      body: {
        body: `@Rita Reviewer please check the German wording, and @${outsiderEmail} too. @Olga Owner`,
        mentions: [reviewerId, reviewerId, outsiderId, ownerId],
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.mentions.sort()).toEqual([reviewerId, ownerId].sort());

    const mail = await api().mail.waitForMail(reviewerEmail);
    expect(mail.subject).toBe("Olga Owner mentioned you on checkout.title (German)");
    expect(mail.text).toContain("please check the German wording");
    // The link names the team too: the Overview switches to it when another team is selected.
    expect(mail.text).toContain(`/app/overview?team=${teamId}&project=${projectId}&lang=de&q=checkout.title`);
    expect(
      api()
        .mail.mailsTo(outsiderEmail)
        .filter((m) => m.subject.includes("mentioned")),
    ).toEqual([]);

    // Editing mails only people mentioned for the first time: Rita was already told.
    await owner.request("PATCH", `/api/comments/${made.body.id}`, {
      body: { body: "@Rita Reviewer still open?", mentions: [reviewerId] },
    });
    await owner.request("POST", threadPath(keyId, "de"), { body: { body: "No mention here", mentions: [] } });
    await owner.request("POST", threadPath(keyId, "fr"), {
      body: { body: "@Rita Reviewer and French?", mentions: [reviewerId] },
    });
    const second = await api().mail.waitForMail(reviewerEmail, { count: 2 });
    expect(second.subject).toBe("Olga Owner mentioned you on checkout.title (French)");
    expect(
      api()
        .mail.mailsTo(reviewerEmail)
        .filter((m) => m.subject.includes("mentioned")),
    ).toHaveLength(2);
  });

  it("keeps only picked members whose name or e-mail is still in the body", async () => {
    const { owner, reviewerId, keyId } = await world();
    const made = await owner.request<Comment>("POST", threadPath(keyId, "de"), {
      body: { body: "Nobody named here", mentions: [reviewerId] },
    });
    expect(made.body.mentions).toEqual([]);
  });
});

/** The "mentioned you" e-mails an address got (sign-in codes left out). */
describe("live", () => {
  it("sends comment.updated with the open count to everyone viewing the project", async () => {
    const { owner, reviewer, projectId, keyId } = await world();
    const viewer = await openEventStream(
      `${api().app.url}/api/projects/${projectId}/events`,
      reviewer.cookie,
    );
    try {
      await viewer.waitFor((e) => e.event === "ready");
      await owner.request("POST", threadPath(keyId, "de"), { body: { body: "Live" } });
      const event = await viewer.waitFor((e) => e.event === "comment.updated", 5000);
      expect(event.data).toEqual({ keyId, language: "de", openCount: 1 });
      await owner.request("POST", `${threadPath(keyId, "de")}/resolve`);
      const resolved = await viewer.waitFor(
        (e) => e.event === "comment.updated" && (e.data as { openCount: number }).openCount === 0,
        5000,
      );
      expect(resolved.data).toEqual({ keyId, language: "de", openCount: 0 });
    } finally {
      await viewer.close();
    }
  });
});
