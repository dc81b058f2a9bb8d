import { afterAll, describe, expect, it } from "vitest";
import type { KeyRow } from "../../src/shared/schemas/keys.ts";
import type { TeamInvite } from "../../src/shared/schemas/teams.ts";
import {
  type ApiClient,
  addMember,
  apiAppForThisFile,
  ownerWithProject,
  uniqueEmail,
} from "../helpers/api-app.ts";
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

interface ErrorAnswer {
  error: { code: string; message: string };
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Lets a mail that was (wrongly) sent reach the test SMTP server before counting. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

async function invite(client: ApiClient, teamId: string, email: string) {
  return client.request<TeamInvite & ErrorAnswer>("POST", `/api/teams/${teamId}/invites`, {
    body: { email },
  });
}

function expectRateLimited(
  answer: { status: number; body: ErrorAnswer; headers: Headers },
  message: RegExp,
  atMostSeconds: number,
) {
  expect(answer.status).toBe(429);
  expect(answer.body.error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(message) });
  const retryAfter = Number(answer.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
}

describe("invites are limited", () => {
  it("per user an hour and per team a day: the refused invite mails nothing", async () => {
    const { owner, teamId } = await ownerWithProject(api(), []);
    const adminEmail = uniqueEmail("admin");
    const admin = await api().signIn(adminEmail);
    await addMember(api().db, teamId, adminEmail, "admin");

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
    expect(
      (await owner.request<{ invites: TeamInvite[] }>("GET", `/api/teams/${teamId}/invites`)).body.invites,
    ).toHaveLength(5);

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
      const deleted = await owner.request("DELETE", `/api/teams/${teamId}/invites/${sent.body.id}`);
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
    expect(
      (await owner.request<{ invites: TeamInvite[] }>("GET", `/api/teams/${teamId}/invites`)).body.invites,
    ).toEqual([]);

    // Another team may still invite the address: the limit is the pair, not the address.
    const other = await ownerWithProject(api(), []);
    expect((await invite(other.owner, other.teamId, target)).status).toBe(201);
    await api().mail.waitForMail(target, { count: 3 });
  });
});

describe("AI requests are limited", () => {
  it("per user a minute and an hour, and per team an hour; a refused call reaches no AI", async () => {
    const { owner, teamId, projectId } = await ownerWithProject(api(), ["de"]);
    const key = await owner.request<KeyRow>("POST", `/api/projects/${projectId}/keys`, {
      body: { key: "greeting", sourceValue: "Hello {name}" },
    });
    expect(key.status).toBe(201);
    const assistPath = `/api/keys/${key.body.id}/strings/en/assist`;
    const translatePath = `/api/keys/${key.body.id}/strings/de/translate`;
    const reviewerEmail = uniqueEmail("reviewer");
    const reviewer = await api().signIn(reviewerEmail);
    await addMember(api().db, teamId, reviewerEmail, "reviewer");
    const assist = (client: ApiClient) =>
      client.request<ErrorAnswer>("POST", assistPath, { body: { action: "rephrase" } });

    expect((await assist(reviewer)).status).toBe(200);
    expect((await assist(reviewer)).status).toBe(200);
    const before = ai.requests.length;
    expectRateLimited(
      await assist(reviewer),
      /^Too many AI requests\. Please try again in \d+ seconds?\.$/,
      60,
    );
    expectRateLimited(
      await reviewer.request<ErrorAnswer>("POST", translatePath, { body: {} }),
      /^Too many AI requests/,
      60,
    );
    expect(ai.requests.length).toBe(before);

    // The next minute: two more make the reviewer's four of the hour.
    api().app.clock.advance(61_000);
    expect((await reviewer.request("POST", translatePath, { body: {} })).status).toBe(200);
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
      await owner.request<ErrorAnswer>("POST", `/api/projects/${projectId}/batch-translations`, {
        body: { language: "de" },
      }),
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
