import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import type { Comment, CommentThread } from "../../src/shared/schemas/comments.ts";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import {
  type ApiApp,
  addMember,
  apiAppForThisFile,
  ownerWithProject,
  uniqueEmail,
} from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { openEventStream } from "../helpers/sse.ts";

const api = apiAppForThisFile();

/** An owner named Olga Owner, a reviewer named Rita Reviewer, a project (en, de, fr) with one key. */
async function world(app: ApiApp = api()) {
  const { owner, email: ownerEmail, teamId, projectId } = await ownerWithProject(app, ["de", "fr"]);
  await owner.request("PUT", "/api/profile", { body: { firstName: "Olga", lastName: "Owner" } });
  const reviewerEmail = uniqueEmail("reviewer");
  const reviewer = await app.signIn(reviewerEmail);
  await addMember(app.db, teamId, reviewerEmail, "reviewer");
  await reviewer.request("PUT", "/api/profile", { body: { firstName: "Rita", lastName: "Reviewer" } });
  const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
    body: { key: "checkout.title" },
  });
  const ids = async (email: string) =>
    (await app.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  return {
    owner,
    ownerEmail,
    ownerId: await ids(ownerEmail),
    reviewer,
    reviewerEmail,
    reviewerId: await ids(reviewerEmail),
    teamId,
    projectId,
    keyId: key.body.id,
  };
}

const threadPath = (keyId: string, language: string) => `/api/keys/${keyId}/comments/${language}`;

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
const mentionMails = (app: ApiApp, email: string) =>
  app.mail.mailsTo(email).filter((mail) => mail.subject.includes("mentioned you"));

/** Lets a mail that was (wrongly) sent reach the test SMTP server before counting. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** The comment requests answer after their e-mails were handed over; a moment more, then count. */
async function expectMentionMails(app: ApiApp, email: string, count: number) {
  await settle();
  expect(mentionMails(app, email)).toHaveLength(count);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Another member of the team, mentioned by e-mail address. */
async function thirdMember(app: ApiApp, teamId: string) {
  const email = uniqueEmail("admin");
  await app.signIn(email);
  await addMember(app.db, teamId, email, "admin");
  const { id } = await app.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return { email, id };
}

describe("mention e-mails are limited (issue 32)", () => {
  it("mails each person once per thread in 10 minutes, however many comments mention them; every comment is saved", async () => {
    const { reviewer, ownerEmail, ownerId, teamId, keyId } = await world();
    const ada = await thirdMember(api(), teamId);
    for (let i = 0; i < 30; i++) {
      const made = await reviewer.request<Comment>("POST", threadPath(keyId, "de"), {
        body: { body: `@Olga Owner and @${ada.email}: round ${i}`, mentions: [ownerId, ada.id] },
      });
      expect(made.status).toBe(201);
      expect(made.body.mentions.sort()).toEqual([ownerId, ada.id].sort());
    }
    await expectMentionMails(api(), ownerEmail, 1);
    expect(mentionMails(api(), ada.email)).toHaveLength(1);
    const thread = await reviewer.request<CommentThread>("GET", threadPath(keyId, "de"));
    expect(thread.body.comments).toHaveLength(30);
    expect(thread.body.openCount).toBe(30);
  });

  it("never mails again for a mention an edit takes out and puts back, even after the thread's window", async () => {
    const { owner, reviewerEmail, reviewerId, keyId } = await world();
    const made = await owner.request<Comment>("POST", threadPath(keyId, "de"), {
      body: { body: "Draft", mentions: [] },
    });
    const edit = (mention: boolean) =>
      owner.request<Comment>("PATCH", `/api/comments/${made.body.id}`, {
        body: mention
          ? { body: "@Rita Reviewer look", mentions: [reviewerId] }
          : { body: "Look", mentions: [] },
      });
    // Mentioned for the first time by an edit: mailed.
    expect((await edit(true)).body.mentions).toEqual([reviewerId]);
    await expectMentionMails(api(), reviewerEmail, 1);
    for (let i = 0; i < 10; i++) {
      // Past the thread's 10 minutes each time: only the comment's own memory holds the e-mail back.
      api().app.clock.advance(10 * MINUTE + 1000);
      const mention = i % 2 === 1;
      const answer = await edit(mention);
      expect(answer.status).toBe(200);
      expect(answer.body.mentions).toEqual(mention ? [reviewerId] : []);
    }
    await expectMentionMails(api(), reviewerEmail, 1);
  });

  it("mails once per thread: another language or another key is another thread", async () => {
    const { owner, reviewerEmail, reviewerId, projectId, keyId } = await world();
    const other = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "checkout.total" },
    });
    const threads = [
      [keyId, "de"],
      [keyId, "fr"],
      [other.body.id, "de"],
    ] as const;
    for (let round = 0; round < 3; round++) {
      for (const [key, language] of threads) {
        const made = await owner.request("POST", threadPath(key, language), {
          body: { body: `@Rita Reviewer round ${round}`, mentions: [reviewerId] },
        });
        expect(made.status).toBe(201);
      }
    }
    await settle();
    expect(
      mentionMails(api(), reviewerEmail)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([
      "Olga Owner mentioned you on checkout.title (French)",
      "Olga Owner mentioned you on checkout.title (German)",
      "Olga Owner mentioned you on checkout.total (German)",
    ]);
  });

  it("mails again once the thread's 10 minutes have passed", async () => {
    const { owner, reviewerEmail, reviewerId, keyId } = await world();
    const mention = async () => {
      const made = await owner.request("POST", threadPath(keyId, "de"), {
        body: { body: "@Rita Reviewer again", mentions: [reviewerId] },
      });
      expect(made.status).toBe(201);
    };
    await mention();
    await expectMentionMails(api(), reviewerEmail, 1);
    api().app.clock.advance(9 * MINUTE);
    await mention();
    await expectMentionMails(api(), reviewerEmail, 1);
    api().app.clock.advance(MINUTE + 1000);
    await mention();
    await expectMentionMails(api(), reviewerEmail, 2);
  });
});

describe("mention e-mails per author (issue 32)", () => {
  const small = apiAppForThisFile({ env: async () => ({ MENTION_EMAILS_PER_HOUR_PER_AUTHOR: "3" }) });

  it("mails at most the author's hourly limit across threads, saves every comment, and counts authors apart", async () => {
    const { owner, reviewer, ownerEmail, ownerId, reviewerEmail, reviewerId, projectId, keyId } = await world(
      small(),
    );
    const keyIds = [keyId];
    for (const key of ["cart.empty", "cart.total"]) {
      keyIds.push(
        (await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, { body: { key } })).body.id,
      );
    }
    const threads = keyIds.flatMap((id) => ["de", "fr"].map((language) => [id, language] as const));
    for (const [id, language] of threads) {
      const made = await reviewer.request<Comment>("POST", threadPath(id, language), {
        body: { body: "@Olga Owner please look", mentions: [ownerId] },
      });
      expect(made.status).toBe(201);
      expect(made.body.mentions).toEqual([ownerId]);
    }
    await expectMentionMails(small(), ownerEmail, 3);
    for (const [id, language] of threads) {
      const thread = await owner.request<CommentThread>("GET", threadPath(id, language));
      expect(thread.body.comments.map((c) => c.body)).toEqual(["@Olga Owner please look"]);
    }

    // Another author's mentions count against their own limit.
    await owner.request("POST", threadPath(keyId, "de"), {
      body: { body: "@Rita Reviewer done", mentions: [reviewerId] },
    });
    await expectMentionMails(small(), reviewerEmail, 1);

    // An hour later the author's mentions are mailed again.
    small().app.clock.advance(HOUR + 1000);
    const [lastKey, lastLanguage] = threads[threads.length - 1] ?? [keyId, "de"];
    await reviewer.request("POST", threadPath(lastKey, lastLanguage), {
      body: { body: "@Olga Owner still?", mentions: [ownerId] },
    });
    await expectMentionMails(small(), ownerEmail, 4);
  });
});

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
