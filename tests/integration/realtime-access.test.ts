import { afterAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiApp, type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";
import { call, requestOf } from "../helpers/contract-client.ts";
import { testDatabaseKind } from "../helpers/database.ts";
import { buildKey, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";
import { openEventStream, type SseEvent } from "../helpers/sse.ts";

/** Small, so the test reaches it; the default is larger. */
const MAX_STREAMS = 3;

const api = apiAppForThisFile({ env: async () => ({ MAX_EVENT_STREAMS_PER_USER: String(MAX_STREAMS) }) });
const extraServers: AppServer[] = [];
afterAll(async () => {
  for (const server of extraServers) await server.stop();
});

type Stream = Awaited<ReturnType<typeof openEventStream>>;

const eventsPath = (projectId: string) => requestOf(contract.events.stream, { params: { projectId } }).path;

async function open(cookie: string, projectId: string, baseUrl = api().app.url): Promise<Stream> {
  const stream = await openEventStream(`${baseUrl}${eventsPath(projectId)}`, cookie);
  await stream.waitFor((e) => e.event === "ready");
  return stream;
}

/** Whether the server ended the stream within `ms` (the client never closes it here). */
async function endsWithin(stream: Stream, ms = 5000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const ended = await Promise.race([stream.ended.then(() => true as const), timeout]);
  clearTimeout(timer);
  return ended;
}

const stringValues = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === "string.updated")
    .map((e) => (e.data as { cell: { value: string } }).cell.value);

async function saveString(owner: ApiClient, projectId: string, value: string) {
  const keyId = await buildKey(owner, projectId, `k${crypto.randomUUID().slice(0, 8)}`);
  const saved = await call(owner, contract.strings.save, { params: { keyId, lang: "de" }, body: { value } });
  expect(saved.status).toBe(200);
}

async function teamWithReviewer(app: ApiApp) {
  const setup = await ownerWithProject(app);
  const { client: reviewer, email } = await memberOf(app, setup.teamId, "reviewer");
  const list = await call(setup.owner, contract.teams.listMembers, { params: { teamId: setup.teamId } });
  const membership = list.body.members.find((m) => m.email === email);
  if (!membership) throw new Error("the reviewer is not listed");
  return { ...setup, reviewer, memberId: membership.id };
}

describe("live-event streams end when access ends", () => {
  it("a removed member's open stream ends and never carries a value saved after the removal", async () => {
    const { owner, projectId, teamId, reviewer, memberId } = await teamWithReviewer(api());
    const watching = await open(reviewer.cookie, projectId);
    const witness = await open(owner.cookie, projectId);
    try {
      const removed = await call(owner, contract.teams.removeMember, { params: { teamId, memberId } });
      expect(removed.status).toBe(204);
      await saveString(owner, projectId, "after removal");
      await witness.waitFor((e) => e.event === "string.updated");
      expect(await endsWithin(watching)).toBe(true);
      expect(stringValues(watching.events)).toEqual([]);
      expect(watching.events.at(-1)).toEqual({ event: "stream.ended", data: { reason: "access_ended" } });
      // The owner's stream is untouched.
      expect(await endsWithin(witness, 200)).toBe(false);
    } finally {
      await watching.close();
      await witness.close();
    }
  });

  it("a signed-out session's stream ends; the same user's other session keeps its stream", async () => {
    const { owner: first, user, projectId } = await ownerWithProject(api());
    const second = await signInAs(user);
    const signedOut = await open(first.cookie, projectId);
    const staying = await open(second.cookie, projectId);
    try {
      expect((await call(first, contract.auth.signOut, undefined)).status).toBe(204);
      expect(await endsWithin(signedOut)).toBe(true);
      expect(signedOut.events.at(-1)).toEqual({ event: "stream.ended", data: { reason: "signed_out" } });
      await saveString(second, projectId, "still here");
      await staying.waitFor((e) => e.event === "string.updated");
      expect(stringValues(signedOut.events)).toEqual([]);
      expect(await endsWithin(staying, 200)).toBe(false);
    } finally {
      await signedOut.close();
      await staying.close();
    }
  });

  it("a deleted team's streams end, the owner's and a member's", async () => {
    const { owner, projectId, teamId, reviewer } = await teamWithReviewer(api());
    const ownerStream = await open(owner.cookie, projectId);
    const reviewerStream = await open(reviewer.cookie, projectId);
    try {
      expect((await call(owner, contract.teams.remove, { params: { teamId } })).status).toBe(204);
      expect(await endsWithin(ownerStream)).toBe(true);
      expect(await endsWithin(reviewerStream)).toBe(true);
      expect(reviewerStream.events.at(-1)).toEqual({
        event: "stream.ended",
        data: { reason: "access_ended" },
      });
    } finally {
      await ownerStream.close();
      await reviewerStream.close();
    }
  });

  // Registered on PostgreSQL only: PGlite is one process, so there is no other process to reach.
  if (testDatabaseKind() === "postgres")
    it("a member removed on one server process loses the stream open on another", async () => {
      const { owner, projectId, teamId, reviewer, memberId } = await teamWithReviewer(api());
      const second = await startAppServer({
        DATABASE_URL: api().app.config.DATABASE_URL ?? "",
        SMTP_URL: api().mail.url,
      });
      extraServers.push(second);
      const watching = await open(reviewer.cookie, projectId, second.url);
      try {
        const removed = await call(owner, contract.teams.removeMember, { params: { teamId, memberId } });
        expect(removed.status).toBe(204);
        await saveString(owner, projectId, "after removal");
        expect(await endsWithin(watching)).toBe(true);
        expect(stringValues(watching.events)).toEqual([]);
      } finally {
        await watching.close();
      }
    });
});

describe("open streams per user", () => {
  it(`answers 429 beyond ${MAX_STREAMS} open streams of one user; closing one frees a slot`, async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const other = await ownerWithProject(api());
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS; i += 1) streams.push(await open(owner.cookie, projectId));
      // Raw fetch: an accepted stream would never end, so the answer is read only when refused.
      const refused = await fetch(`${api().app.url}${eventsPath(projectId)}`, {
        headers: { cookie: owner.cookie },
      });
      if (refused.status === 200) await refused.body?.cancel();
      const body: unknown = refused.status === 200 ? {} : await refused.json();
      expect(refused.status).toBe(429);
      expect(body).toEqual({
        error: { code: "rate_limited", message: expect.stringMatching(/event streams/i) },
      });
      // Another user's streams are counted apart.
      streams.push(await open(other.owner.cookie, other.projectId));

      await streams.shift()?.close();
      // The server learns of the closed connection a moment later: poll briefly for the freed slot.
      let reopened: Stream | undefined;
      for (let attempt = 0; attempt < 50 && !reopened; attempt += 1) {
        reopened = await open(owner.cookie, projectId).catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return undefined;
        });
      }
      expect(reopened).toBeDefined();
      if (reopened) streams.push(reopened);
    } finally {
      for (const stream of streams) await stream.close();
    }
  });
});
