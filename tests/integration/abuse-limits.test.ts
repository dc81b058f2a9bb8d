import { afterAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, memberOf, ownerWithProject, uniqueEmail } from "../helpers/factories.ts";
import { startOpenAIServer } from "../helpers/openai-server.ts";

// Small limits, so that a few requests reach them; the defaults are far above what a team does.
let ai: Awaited<ReturnType<typeof startOpenAIServer>>;
const api = apiAppForThisFile({
  env: async () => {
    ai = await startOpenAIServer();
    return {
      AI_BASE_URL: ai.url,
      AI_API_KEY: "test-key",
      INVITES_PER_HOUR_PER_USER: "3",
      INVITES_PER_DAY_PER_TEAM: "5",
      INVITES_PER_DAY_PER_ADDRESS: "2",
      AI_REQUESTS_PER_MINUTE_PER_USER: "2",
      AI_REQUESTS_PER_HOUR_PER_USER: "4",
      AI_REQUESTS_PER_HOUR_PER_TEAM: "6",
    };
  },
});
afterAll(async () => {
  await ai?.close();
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Lets a mail that was (wrongly) sent reach the test SMTP server before counting. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

function invite(client: ApiClient, teamId: string, email: string) {
  return call(client, contract.teams.invite, { params: { teamId }, body: { email } });
}

const invitesOf = async (client: ApiClient, teamId: string) =>
  (await call(client, contract.teams.listInvites, { params: { teamId } })).body.invites;

/** An answer checked to be a rate-limit refusal (`call` types the body as the success, so `unknown` here). */
function expectRateLimited(
  answer: { status: number; body: unknown; headers: Headers },
  message: RegExp,
  atMostSeconds: number,
) {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({
    error: { code: "rate_limited", message: expect.stringMatching(message) },
  });
  const retryAfter = Number(answer.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
}

describe("invites are limited", () => {
  it("per user an hour and per team a day: the refused invite mails nothing", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const { client: admin } = await memberOf(api(), teamId, "admin");

    for (let i = 0; i < 3; i++) expect((await invite(owner, teamId, uniqueEmail("guest"))).status).toBe(201);
    const fourth = uniqueEmail("fourth");
    const refused = await invite(owner, teamId, fourth);
    expectRateLimited(refused, /^You have sent too many invites\. Please try again in \d+ minutes?\.$/, 3600);
    await settle();
    expect(api().mail.mailsTo(fourth)).toHaveLength(0);

    // The team's day: 3 by the owner + 2 by the admin, then nobody in the team.
    for (let i = 0; i < 2; i++) expect((await invite(admin, teamId, uniqueEmail("guest"))).status).toBe(201);
    const sixth = uniqueEmail("sixth");
    const overTeam = await invite(admin, teamId, sixth);
    expectRateLimited(overTeam, /^This team has sent too many invites today\. Please try again in /, 86_400);
    api().app.clock.advance(HOUR + 1000);
    expectRateLimited(
      await invite(owner, teamId, sixth),
      /This team has sent too many invites today/,
      86_400,
    );
    await settle();
    expect(api().mail.mailsTo(sixth)).toHaveLength(0);
    expect(await invitesOf(owner, teamId)).toHaveLength(5);

    api().app.clock.advance(DAY);
    expect((await invite(owner, teamId, sixth)).status).toBe(201);
    await api().mail.waitForMail(sixth);
  });

  it("an invite and delete loop mails one address at most twice a day from a team", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const target = uniqueEmail("target");
    for (let i = 0; i < 2; i++) {
      const sent = await invite(owner, teamId, i === 0 ? target : target.toUpperCase());
      expect(sent.status).toBe(201);
      await api().mail.waitForMail(target, { count: i + 1 });
      const deleted = await call(owner, contract.teams.removeInvite, {
        params: { teamId, inviteId: sent.body.id },
      });
      expect(deleted.status).toBe(204);
    }
    const third = await invite(owner, teamId, target);
    expectRateLimited(
      third,
      /^This address has been invited to this team too many times today\. Please try again in /,
      86_400,
    );
    await settle();
    expect(api().mail.mailsTo(target)).toHaveLength(2);
    expect(await invitesOf(owner, teamId)).toEqual([]);

    // Another team may still invite the address: the limit is the pair, not the address.
    const other = await ownerWithProject(api(), []);
    expect((await invite(other.owner, other.teamId, target)).status).toBe(201);
    await api().mail.waitForMail(target, { count: 3 });
  });
});

describe("AI requests are limited", () => {
  it("per user a minute and an hour, and per team an hour; a refused call reaches no AI", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const keyId = await buildKey(owner, projectId, "greeting", { source: "Hello {name}" });
    const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
    const assist = (client: ApiClient) =>
      call(client, contract.assist.assist, { params: { keyId, lang: "en" }, body: { action: "rephrase" } });
    const translate = (client: ApiClient) =>
      call(client, contract.ai.translate, { params: { keyId, lang: "de" }, body: {} });

    expect((await assist(reviewer)).status).toBe(200);
    expect((await assist(reviewer)).status).toBe(200);
    const before = ai.requests.length;
    expectRateLimited(
      await assist(reviewer),
      /^Too many AI requests\. Please try again in \d+ seconds?\.$/,
      60,
    );
    expectRateLimited(await translate(reviewer), /^Too many AI requests/, 60);
    expect(ai.requests.length).toBe(before);

    // The next minute: two more make the reviewer's four of the hour.
    api().app.clock.advance(61_000);
    expect((await translate(reviewer)).status).toBe(200);
    expect((await assist(reviewer)).status).toBe(200);
    api().app.clock.advance(61_000);
    const overHour = ai.requests.length;
    expectRateLimited(
      await assist(reviewer),
      /^You have made too many AI requests this hour\. Please try again in \d+ minutes?\.$/,
      3600,
    );
    expect(ai.requests.length).toBe(overHour);

    // The team's six: the reviewer's four, then two by the owner; a batch start is a request too.
    expect((await assist(owner)).status).toBe(200);
    expect((await assist(owner)).status).toBe(200);
    api().app.clock.advance(61_000);
    const overTeam = ai.requests.length;
    expectRateLimited(
      await call(owner, contract.batch.start, { params: { projectId }, body: { language: "de" } }),
      /^This team has made too many AI requests this hour\. Please try again in \d+ minutes?\.$/,
      3600,
    );
    expectRateLimited(await assist(owner), /This team has made too many AI requests this hour/, 3600);
    await settle();
    expect(ai.requests.length).toBe(overTeam);

    api().app.clock.advance(HOUR);
    expect((await assist(reviewer)).status).toBe(200);
  });
});
