import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiAnswer } from "../helpers/api-client.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { buildKey, buildUser, ownerWithProject, signInAs } from "../helpers/factories.ts";
import { upload } from "../helpers/transfer.ts";

/** Issue 16: bodies are bounded, ids and text are checked at the edge, first saves do not race. */
const api = apiAppForThisFile();

const tooLarge = {
  error: { code: "payload_too_large", message: "Request body too large (the limit is 1 MB)" },
};

/** Asking for a sign-in code: a body anybody may send, signed in or not. */
const sendCode = requestOf(contract.auth.sendCode, {});

const signedIn = async () => signInAs(await buildUser(api().app));

/** A body sent in chunks with no Content-Length, as a client that streams would send it. */
function chunked(totalBytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(`{"email":"${"a".repeat(64 * 1024)}`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe("request bodies", () => {
  it("refuses a JSON body over the limit before reading it, signed in or not", async () => {
    const body = JSON.stringify({ email: `${"a".repeat(2 * 1024 * 1024)}@example.com` });
    const anonymous = await api().client().request(sendCode.method, sendCode.path, { rawBody: body });
    expect(anonymous).toMatchObject({ status: 413, body: tooLarge });

    const owner = await signedIn();
    const profile = await fail(owner, contract.profiles.save, {
      body: { firstName: "x".repeat(1024 * 1024 + 1) },
    });
    expect(profile).toMatchObject({ status: 413, body: tooLarge });
  });

  it("stops reading a streamed body without Content-Length at the limit", async () => {
    const response = await fetch(`${api().app.url}${sendCode.path}`, {
      method: sendCode.method,
      headers: { "content-type": "application/json" },
      body: chunked(8 * 1024 * 1024),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
  });

  it("still takes bodies under the limit", async () => {
    const owner = await signedIn();
    const answer = await fail(owner, contract.profiles.save, { body: { firstName: "A".repeat(200) } });
    expect(answer.status).toBe(400); // read and validated: too long a name, not too large a body
  });
});

describe("text and ids at the edge", () => {
  it("answers 400 for a NUL character in any text field, and writes nothing", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const nul = "Hello\u0000world";
    // Each with the field its refusal names.
    const cases: [string, () => Promise<ApiAnswer<unknown>>][] = [
      ["firstName", () => fail(owner, contract.profiles.save, { body: { firstName: nul } })],
      ["key", () => fail(owner, contract.keys.create, { params: { projectId }, body: { key: nul } })],
      [
        "sourceValue",
        () =>
          fail(owner, contract.keys.create, { params: { projectId }, body: { key: "ok", sourceValue: nul } }),
      ],
    ];
    for (const [field, send] of cases) {
      const answer = await send();
      expect(answer, field).toMatchObject({
        status: 400,
        body: {
          error: {
            code: "validation_failed",
            message: `${field}: Text must not contain NUL characters`,
          },
        },
      });
    }
    const keyId = await buildKey(owner, projectId, "greeting", { source: "Hi" });
    const save = await fail(owner, contract.strings.save, {
      params: { keyId, lang: "de" },
      body: { value: nul },
    });
    expect(save.status).toBe(400);
    const search = await fail(owner, contract.keys.list, {
      params: { projectId },
      query: { after: "a\u0000b" },
    });
    expect(search.status).toBe(400);
    const keys = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(keys.body.keys.map((key) => key.key)).toEqual(["greeting"]);
    expect(keys.body.keys[0]?.strings.de).toBeUndefined();
  });

  it("answers 400 naming the field for half of a character (a lone surrogate) in any text, and writes nothing", async () => {
    // Issue 32: a glossary term or a review title with "\ud800" was a 500 (jsonb), other fields
    // stored U+FFFD instead of what was sent.
    const { owner, teamId, projectId } = await ownerWithProject(api());
    const lone = "ta\ud800b";
    const message = (field: string) =>
      `${field}: Text must not contain half of a character (the lone surrogate U+D800); check the text's encoding`;
    const inTeam = { teamId };
    const inProject = { projectId };
    // Each with the field its refusal names.
    const cases: [string, () => Promise<ApiAnswer<unknown>>][] = [
      ["term", () => fail(owner, contract.glossary.create, { params: inTeam, body: { term: lone } })],
      [
        "translations.de",
        () =>
          fail(owner, contract.glossary.create, {
            params: inTeam,
            body: { term: "ok", translations: { de: "a\udc00" } },
          }),
      ],
      ["title", () => fail(owner, contract.reviews.create, { params: inProject, body: { title: lone } })],
      ["firstName", () => fail(owner, contract.profiles.save, { body: { firstName: lone } })],
      [
        "sourceValue",
        () =>
          fail(owner, contract.keys.create, { params: inProject, body: { key: "ok", sourceValue: lone } }),
      ],
      [
        "tags.1",
        () =>
          fail(owner, contract.keys.create, { params: inProject, body: { key: "ok", tags: ["x", lone] } }),
      ],
    ];
    for (const [field, send] of cases) {
      const answer = await send();
      const expected = message(field).replace("U+D800", field === "translations.de" ? "U+DC00" : "U+D800");
      expect(answer, field).toMatchObject({
        status: 400,
        body: { error: { code: "validation_failed", message: expected } },
      });
    }
    const glossary = await call(owner, contract.glossary.list, { params: inTeam, query: {} });
    expect(glossary.body.total).toBe(0);
    const reviews = await call(owner, contract.reviews.list, { params: inProject });
    expect(reviews.body.reviews).toEqual([]);
    const keys = await call(owner, contract.keys.list, { params: inProject, query: {} });
    expect(keys.body.keys).toEqual([]);

    // A pair of surrogates is one character (an emoji) and is kept as sent.
    const emoji = await call(owner, contract.keys.create, {
      params: inProject,
      body: { key: "wave", sourceValue: "Hi \ud83d\udc4b" },
    });
    expect(emoji.status).toBe(201);
    const saved = await call(owner, contract.keys.list, { params: inProject, query: {} });
    expect(saved.body.keys[0]?.strings.en?.value).toBe("Hi 👋");
  });

  it("answers 400 for ids in the path that are not ids", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    // Sent as a client that builds its own paths would send them (the last with a NUL, %00).
    const requests = [
      requestOf(contract.batch.get, { params: { batchId: "xyz" } }),
      requestOf(contract.keys.list, { params: { projectId: "xyz" } }),
      requestOf(contract.events.stream, { params: { projectId: "not-a-uuid" } }),
      requestOf(contract.keys.update, { params: { keyId: "1" } }),
      requestOf(contract.reviews.list, { params: { projectId: `${projectId}x` } }),
      requestOf(contract.teams.removeMember, { params: { teamId: "\u0000", memberId: "abc" } }),
    ];
    for (const { method, path } of requests) {
      const answer = await owner.request(method, path, { body: method === "GET" ? undefined : {} });
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 400,
        body: { error: { code: "bad_request" } },
      });
      expect((answer.body as { error: { message: string } }).error.message).toMatch(/is not a valid id/);
    }
    // A well-formed id of nothing is still a 404, as before.
    const missing = await fail(owner, contract.batch.get, { params: { batchId: crypto.randomUUID() } });
    expect(missing.status).toBe(404);
  });

  it("applies the 10,000-character limit and the text rules to imports, importing nothing", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const long = await upload(
      owner,
      projectId,
      "de.json",
      JSON.stringify({ fine: "Gut", huge: "x".repeat(10_001) }),
      { language: "de" },
    );
    expect(long).toMatchObject({
      status: 400,
      body: {
        error: {
          message: 'Error processing file: the text of "huge" is 10,001 characters long; the limit is 10,000',
        },
      },
    });
    const nul = await upload(owner, projectId, "de.json", JSON.stringify({ fine: "Gut", bad: "a\u0000b" }), {
      language: "de",
    });
    expect(nul).toMatchObject({
      status: 400,
      body: { error: { message: 'Error processing file: the text of "bad" contains a NUL character' } },
    });
    const surrogate = await upload(owner, projectId, "de.json", '{"fine": "Gut", "broken": "caf\\ud83d"}', {
      language: "de",
    });
    expect(surrogate).toMatchObject({
      status: 400,
      body: {
        error: {
          message:
            'Error processing file: the text of "broken" contains half of a character (the lone surrogate U+D83D)',
        },
      },
    });
    const keys = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
    expect(keys.body.keys).toEqual([]);
  });
});

describe("the Origin of a state-changing request", () => {
  it("must be the server's own scheme, host and port: an https page cannot change a profile on this http server", async () => {
    const owner = await signedIn();
    await call(owner, contract.profiles.save, { body: { firstName: "Ada" } });
    const own = new URL(api().app.url);
    const foreign = [`https://${own.host}`, `http://${own.hostname}:${Number(own.port) + 1}`, "null"];
    for (const origin of foreign) {
      const answer = await fail(
        owner,
        contract.profiles.save,
        { body: { firstName: "Mallory" } },
        { headers: { origin } },
      );
      expect(answer, origin).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    }
    const same = await call(
      owner,
      contract.profiles.save,
      { body: { firstName: "Grace" } },
      { headers: { origin: own.origin } },
    );
    expect(same.status).toBe(200);
    const me = await call(owner, contract.auth.me, undefined);
    expect(me.body.profile?.firstName).toBe("Grace");
  });
});

describe("first writes of an empty cell", () => {
  it("let exactly one of many parallel first saves win; the others get 409", async () => {
    const { owner, projectId } = await ownerWithProject(api());
    const keyId = await buildKey(owner, projectId, "race", { source: "Race" });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(owner, contract.strings.save, {
          params: { keyId, lang: "de" },
          body: { value: `Rennen ${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winner = answers.find((answer) => answer.status === 200);
    expect(winner?.body.cell.version).toBe(1);
    const history = await call(owner, contract.strings.history, { params: { keyId, lang: "de" } });
    expect(history.body.entries).toHaveLength(1);
  });
});
