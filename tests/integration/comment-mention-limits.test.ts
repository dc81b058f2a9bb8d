import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiApp, apiAppForThisFile } from "../helpers/api-app.ts";
import { commentsWorld, postComment, readThread } from "../helpers/comments-world.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, memberOf } from "../helpers/factories.ts";

/** Issue 32: "mentioned you" e-mails are limited, and an edit never mails a mention twice. */
const api = apiAppForThisFile();
const world = (app: ApiApp = api()) => commentsWorld(app);

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
  const { email, user } = await memberOf(app, teamId, "admin");
  return { email, id: user.id };
}

describe("mention e-mails are limited (issue 32)", () => {
  it("mails each person once per thread in 10 minutes, however many comments mention them; every comment is saved", async () => {
    const { reviewer, ownerEmail, ownerId, teamId, keyId } = await world();
    const ada = await thirdMember(api(), teamId);
    for (let i = 0; i < 30; i++) {
      const made = await postComment(reviewer, keyId, "de", {
        body: `@Olga Owner and @${ada.email}: round ${i}`,
        mentions: [ownerId, ada.id],
      });
      expect(made.status).toBe(201);
      expect(made.body.mentions.sort()).toEqual([ownerId, ada.id].sort());
    }
    await expectMentionMails(api(), ownerEmail, 1);
    expect(mentionMails(api(), ada.email)).toHaveLength(1);
    const thread = await readThread(reviewer, keyId, "de");
    expect(thread.body.comments).toHaveLength(30);
    expect(thread.body.openCount).toBe(30);
  });

  it("never mails again for a mention an edit takes out and puts back, even after the thread's window", async () => {
    const { owner, reviewerEmail, reviewerId, keyId } = await world();
    const made = await postComment(owner, keyId, "de", { body: "Draft", mentions: [] });
    const edit = (mention: boolean) =>
      call(owner, contract.comments.update, {
        params: { id: made.body.id },
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
    const other = await buildKey(owner, projectId, "checkout.total");
    const threads = [
      [keyId, "de"],
      [keyId, "fr"],
      [other, "de"],
    ] as const;
    for (let round = 0; round < 3; round++) {
      for (const [key, language] of threads) {
        const made = await postComment(owner, key, language, {
          body: `@Rita Reviewer round ${round}`,
          mentions: [reviewerId],
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
      const made = await postComment(owner, keyId, "de", {
        body: "@Rita Reviewer again",
        mentions: [reviewerId],
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
      keyIds.push(await buildKey(owner, projectId, key));
    }
    const threads = keyIds.flatMap((id) => ["de", "fr"].map((language) => [id, language] as const));
    for (const [id, language] of threads) {
      const made = await postComment(reviewer, id, language, {
        body: "@Olga Owner please look",
        mentions: [ownerId],
      });
      expect(made.status).toBe(201);
      expect(made.body.mentions).toEqual([ownerId]);
    }
    await expectMentionMails(small(), ownerEmail, 3);
    for (const [id, language] of threads) {
      const thread = await readThread(owner, id, language);
      expect(thread.body.comments.map((c) => c.body)).toEqual(["@Olga Owner please look"]);
    }

    // Another author's mentions count against their own limit.
    await postComment(owner, keyId, "de", { body: "@Rita Reviewer done", mentions: [reviewerId] });
    await expectMentionMails(small(), reviewerEmail, 1);

    // An hour later the author's mentions are mailed again.
    small().app.clock.advance(HOUR + 1000);
    const [lastKey, lastLanguage] = threads[threads.length - 1] ?? [keyId, "de"];
    await postComment(reviewer, lastKey, lastLanguage, { body: "@Olga Owner still?", mentions: [ownerId] });
    await expectMentionMails(small(), ownerEmail, 4);
  });
});
