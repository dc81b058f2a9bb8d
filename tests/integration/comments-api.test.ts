import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiApp, apiAppForThisFile } from "../helpers/api-app.ts";
import { commentsWorld, postComment, readThread } from "../helpers/comments-world.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { buildKey, buildUser, signInAs } from "../helpers/factories.ts";
import { openEventStream } from "../helpers/sse.ts";

const api = apiAppForThisFile();
const world = (app: ApiApp = api()) => commentsWorld(app);

describe("comment threads", () => {
  it("lists a key and language's comments oldest first, named as teammates see them", async () => {
    const { owner, reviewer, keyId } = await world();
    const first = await postComment(owner, keyId, "de", { body: "  Is 'Kasse' right here?  " });
    expect(first).toMatchObject({
      status: 201,
      body: { keyId, language: "de", author: "Olga Owner", body: "Is 'Kasse' right here?", resolvedAt: null },
    });
    await postComment(reviewer, keyId, "de", { body: "Yes, it is." });
    await postComment(owner, keyId, "fr", { body: "Another language" });

    const thread = await readThread(reviewer, keyId, "de");
    expect(thread.status).toBe(200);
    expect(thread.body.openCount).toBe(2);
    expect(thread.body.comments.map((c) => [c.author, c.body])).toEqual([
      ["Olga Owner", "Is 'Kasse' right here?"],
      ["Rita Reviewer", "Yes, it is."],
    ]);
  });

  it("refuses empty and over-long comments and languages the project does not have", async () => {
    const { owner, keyId } = await world();
    const refuse = (lang: string, body: string) =>
      fail(owner, contract.comments.create, { params: { keyId, lang }, body: { body } });
    expect((await refuse("de", "   ")).status).toBe(400);
    const long = await refuse("de", "x".repeat(4001));
    expect(long.status).toBe(400);
    const max = await postComment(owner, keyId, "de", { body: "x".repeat(4000) });
    expect(max.status).toBe(201);
    expect((await refuse("ja", "Hi")).status).toBe(400);
  });

  it("lets authors edit their own comment only; authors, owners and admins delete", async () => {
    const { owner, reviewer, keyId } = await world();
    const mine = { params: { id: (await postComment(reviewer, keyId, "de", { body: "Typo" })).body.id } };
    const theirs = { params: { id: (await postComment(owner, keyId, "de", { body: "Owner's" })).body.id } };

    const edited = await call(reviewer, contract.comments.update, { ...mine, body: { body: "Typo fixed" } });
    expect(edited.body).toMatchObject({ body: "Typo fixed" });
    expect(edited.body.editedAt).not.toBeNull();
    expect(
      (await fail(reviewer, contract.comments.update, { ...theirs, body: { body: "Hijack" } })).status,
    ).toBe(403);
    expect((await fail(owner, contract.comments.update, { ...mine, body: { body: "No" } })).status).toBe(403);
    expect((await fail(reviewer, contract.comments.remove, theirs)).status).toBe(403);
    expect((await call(owner, contract.comments.remove, mine)).status).toBe(204);
    expect((await call(owner, contract.comments.remove, theirs)).status).toBe(204);
    const thread = await readThread(owner, keyId, "de");
    expect(thread.body.comments).toEqual([]);
  });

  it("hides comments from people outside the team", async () => {
    const { owner, keyId, projectId } = await world();
    const made = await postComment(owner, keyId, "de", { body: "Secret" });
    const outsider = await signInAs(await buildUser(api().app));
    expect((await fail(outsider, contract.comments.thread, { params: { keyId, lang: "de" } })).status).toBe(
      404,
    );
    expect((await fail(outsider, contract.comments.remove, { params: { id: made.body.id } })).status).toBe(
      404,
    );
    const counts = await fail(outsider, contract.comments.counts, {
      params: { projectId },
      query: { language: "de" },
    });
    expect(counts.status).toBe(404);
  });
});

describe("resolving", () => {
  it("resolves the whole thread, counts open comments per key, and reopens what the resolve closed", async () => {
    const { owner, reviewer, projectId, keyId } = await world();
    const other = await buildKey(owner, projectId, "b");
    await postComment(owner, keyId, "de", { body: "One" });
    await postComment(owner, keyId, "de", { body: "Two" });
    await postComment(owner, other, "de", { body: "Elsewhere" });
    await postComment(owner, keyId, "fr", { body: "French" });
    const counts = () =>
      call(reviewer, contract.comments.counts, { params: { projectId }, query: { language: "de" } });
    expect((await counts()).body).toEqual({ counts: { [keyId]: 2, [other]: 1 } });

    const german = { params: { keyId, lang: "de" } };
    const resolved = await call(reviewer, contract.comments.resolve, german);
    expect(resolved.body.openCount).toBe(0);
    expect(
      resolved.body.comments.every((c) => c.resolvedBy === "Rita Reviewer" && c.resolvedAt !== null),
    ).toBe(true);
    expect((await counts()).body).toEqual({ counts: { [other]: 1 } });

    // A new comment opens the thread again; resolving and reopening touches only the new one.
    await postComment(owner, keyId, "de", { body: "Three" });
    await call(owner, contract.comments.resolve, german);
    const reopened = await call(owner, contract.comments.reopen, german);
    expect(reopened.body.openCount).toBe(1);
    expect(reopened.body.comments.filter((c) => c.resolvedAt === null).map((c) => c.body)).toEqual(["Three"]);
    expect((await counts()).body.counts[keyId]).toBe(1);
  });

  it("lists a review's open comments with the key's name", async () => {
    const { owner, reviewer, projectId, keyId } = await world();
    const outside = await buildKey(owner, projectId, "z");
    const review = await call(owner, contract.reviews.create, {
      params: { projectId },
      body: { title: "Checkout", keyIds: [keyId] },
    });
    await postComment(owner, keyId, "de", { body: "Open one" });
    await postComment(owner, keyId, "fr", { body: "Closed one" });
    await call(owner, contract.comments.resolve, { params: { keyId, lang: "fr" } });
    await postComment(owner, outside, "de", { body: "Not in the review" });
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
    const { email: outsiderEmail, id: outsiderId } = await buildUser(api().app);
    const people = await call(reviewer, contract.comments.people, { params: { projectId } });
    expect(people.body.people.map((p) => p.name).sort()).toEqual(["Olga Owner", "Rita Reviewer"]);
    const ownerId = people.body.people.find((p) => p.name === "Olga Owner")?.id ?? "";

    const made = await postComment(owner, keyId, "de", {
      body: `@Rita Reviewer please check the German wording, and @${outsiderEmail} too. @Olga Owner`,
      mentions: [reviewerId, reviewerId, outsiderId, ownerId],
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
    await call(owner, contract.comments.update, {
      params: { id: made.body.id },
      body: { body: "@Rita Reviewer still open?", mentions: [reviewerId] },
    });
    await postComment(owner, keyId, "de", { body: "No mention here", mentions: [] });
    await postComment(owner, keyId, "fr", { body: "@Rita Reviewer and French?", mentions: [reviewerId] });
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
    const made = await postComment(owner, keyId, "de", { body: "Nobody named here", mentions: [reviewerId] });
    expect(made.body.mentions).toEqual([]);
  });
});

describe("live", () => {
  it("sends comment.updated with the open count to everyone viewing the project", async () => {
    const { owner, reviewer, projectId, keyId } = await world();
    const events = requestOf(contract.events.stream, { params: { projectId } });
    const viewer = await openEventStream(`${api().app.url}${events.path}`, reviewer.cookie);
    try {
      await viewer.waitFor((e) => e.event === "ready");
      await postComment(owner, keyId, "de", { body: "Live" });
      const event = await viewer.waitFor((e) => e.event === "comment.updated", 5000);
      expect(event.data).toEqual({ keyId, language: "de", openCount: 1 });
      await call(owner, contract.comments.resolve, { params: { keyId, lang: "de" } });
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
