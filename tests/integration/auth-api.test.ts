import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile, uniqueEmail } from "../helpers/api-app.ts";
import { call, fail, requestOf, routeOf } from "../helpers/contract-client.ts";

const api = apiAppForThisFile();

describe("sending a sign-in code", () => {
  it("e-mails six digits in a text and an HTML part, and stores only a hash", async () => {
    const email = uniqueEmail("send");
    const answer = await call(api().client(), contract.auth.sendCode, { body: { email } });
    expect(answer).toMatchObject({ status: 200, body: { sent: true, resendAfterSeconds: 60 } });

    const mail = await api().mail.waitForMail(email);
    const code = await api().mail.codeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);

    const rows = await api()
      .db.selectFrom("verification_codes")
      .select(["identifier", "value", "expires_at"])
      .execute();
    const row = rows.find((r) => r.identifier.includes(email));
    expect(row).toBeDefined();
    expect(row?.value).not.toContain(code);
    const minutesLeft = (new Date(row?.expires_at ?? 0).getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
  });

  it("normalises the address, so case does not make a second account", async () => {
    const email = uniqueEmail("case");
    const upper = await api().signIn(email.toUpperCase());
    const me = await call(upper, contract.auth.me, {});
    expect(me.body.user.email).toBe(email);
  });

  it("allows a new code only 60 s after the last one (429 with Retry-After)", async () => {
    const email = uniqueEmail("resend");
    const client = api().client();
    expect((await call(client, contract.auth.sendCode, { body: { email } })).status).toBe(200);
    const again = await fail(client, contract.auth.sendCode, { body: { email } });
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe("rate_limited");
    expect(again.body.error.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(50);
    expect(api().mail.mailsTo(email)).toHaveLength(1);

    api().app.clock.advance(61_000);
    expect((await call(client, contract.auth.sendCode, { body: { email } })).status).toBe(200);
    await api().mail.waitForMail(email, { count: 2 });
  });

  it("limits sends per address: 3 in 10 minutes, then the owner gets a code again after the cool-down", async () => {
    const email = uniqueEmail("cooldown");
    const client = api().client();
    // Typed as a refusal: the answers the test reads are the 429s.
    const ask = () => fail(client, contract.auth.sendCode, { body: { email } });
    for (let i = 0; i < 3; i++) {
      expect((await ask()).status).toBe(200);
      api().app.clock.advance(61_000);
    }
    // Whoever asked for them, the codes went to the address: the message points its owner there.
    const fourth = await ask();
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({
      code: "rate_limited",
      message: expect.stringMatching(
        /^Too many codes requested for this address\. Please use the latest code we sent, or try again in \d+ minutes?\.$/,
      ),
    });
    const retryAfter = Number(fourth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60 - 3 * 61);

    // The lockout holds within the cool-down...
    api().app.clock.advance((retryAfter - 30) * 1000);
    expect((await ask()).status).toBe(429);
    await api().mail.waitForMail(email, { count: 3 });
    expect(api().mail.mailsTo(email)).toHaveLength(3);

    // ...and ends with it, not an hour later.
    api().app.clock.advance(31_000);
    expect((await ask()).status).toBe(200);
    await api().mail.waitForMail(email, { count: 4 });
  });

  it("limits sends per IP: at most 30 an hour", async () => {
    api().app.clock.advance(60 * 60_000 + 1000);
    const client = api().client();
    for (let i = 0; i < 30; i++) {
      const answer = await call(client, contract.auth.sendCode, { body: { email: uniqueEmail("ip") } });
      expect(answer.status).toBe(200);
    }
    const refused = await fail(client, contract.auth.sendCode, { body: { email: uniqueEmail("ip") } });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/Too many codes requested from your network/);
    api().app.clock.advance(60 * 60_000 + 1000);
  });

  it("answers bad input with 400, the spec's message, and sends nothing", async () => {
    const client = api().client();
    const before = api().mail.messages.length;
    const cases: [unknown, string][] = [
      [{ email: "not-an-email" }, "Email is invalid"],
      [{ email: "" }, "Email is required"],
      [{}, "Email is required"],
    ];
    for (const [body, message] of cases) {
      const answer = await fail(client, contract.auth.sendCode, { body });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: "validation_failed", message } } });
    }
    // Raw HTTP: a body that is not JSON at all.
    const { method, path } = requestOf(contract.auth.sendCode, {});
    const malformed = await client.request(method, path, { rawBody: "{nope" });
    expect(malformed).toMatchObject({ status: 400, body: { error: { code: "bad_request" } } });
    expect(api().mail.messages.length).toBe(before);
  });

  it("refuses a state-changing request from another origin (403), and sends nothing", async () => {
    const email = uniqueEmail("csrf");
    const answer = await fail(
      api().client(),
      contract.auth.sendCode,
      { body: { email } },
      { headers: { origin: "https://evil.example" } },
    );
    expect(answer).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect(api().mail.mailsTo(email)).toHaveLength(0);
  });
});

describe("verifying a code", () => {
  it("signs in: HttpOnly SameSite=Lax session cookie, then /api/me", async () => {
    const email = uniqueEmail("verify");
    const client = api().client();
    await call(client, contract.auth.sendCode, { body: { email } });
    const code = await api().mail.codeFor(email);
    const answer = await call(client, contract.auth.verify, { body: { email, code } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ user: { email }, profile: null, teams: [] });
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("sprog.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);

    const me = await call(client, contract.auth.me, {});
    expect(me).toMatchObject({ status: 200, body: { user: { email } } });
  });

  it("a code works once", async () => {
    const email = uniqueEmail("once");
    await api().signIn(email);
    const code = await api().mail.codeFor(email);
    const reuse = await fail(api().client(), contract.auth.verify, { body: { email, code } });
    expect(reuse).toMatchObject({ status: 400, body: { error: { code: "invalid_code" } } });
  });

  it("after 5 wrong codes the code is dead, even the right one fails", async () => {
    const email = uniqueEmail("wrong");
    const client = api().client();
    await call(client, contract.auth.sendCode, { body: { email } });
    const code = await api().mail.codeFor(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const answer = await fail(client, contract.auth.verify, { body: { email, code: wrong } });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: { code: "invalid_code", message: "Invalid OTP. Please try again." } },
      });
    }
    const right = await fail(client, contract.auth.verify, { body: { email, code } });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({
      error: { message: "Too many wrong codes. Please request a new code." },
    });
    expect((await fail(client, contract.auth.me, {})).status).toBe(401);
  });

  it("an expired code is refused", async () => {
    const email = uniqueEmail("expired");
    const client = api().client();
    await call(client, contract.auth.sendCode, { body: { email } });
    const code = await api().mail.codeFor(email);
    await api()
      .db.updateTable("verification_codes")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("identifier", "like", `%${email}%`)
      .execute();
    const answer = await fail(client, contract.auth.verify, { body: { email, code } });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_code", message: "This code has expired. Please request a new code." } },
    });
  });

  it("validates the code's shape before looking it up", async () => {
    const answer = await fail(api().client(), contract.auth.verify, {
      body: { email: uniqueEmail(), code: "12ab" },
    });
    expect(answer).toMatchObject({ status: 400, body: { error: { message: "Please enter all 6 digits" } } });
  });
});

describe("sessions", () => {
  it("401 with the error shape when not signed in", async () => {
    const client = api().client();
    // A body where one is taken, so the session is what is refused, not the input.
    for (const [endpoint, input] of [
      [contract.auth.me, {}],
      [contract.teams.list, {}],
      [contract.teams.create, { body: {} }],
      [contract.profiles.save, { body: {} }],
    ] as const) {
      const answer = await fail(client, endpoint, input);
      expect(answer, routeOf(endpoint)).toMatchObject({
        status: 401,
        body: { error: { code: "unauthorized" } },
      });
    }
  });

  it("slides: a session used after a day is renewed for 30 days", async () => {
    const email = uniqueEmail("slide");
    const client = await api().signIn(email);
    const user = await api()
      .db.selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const day = 24 * 60 * 60_000;
    await api()
      .db.updateTable("sessions")
      .set({ expires_at: new Date(Date.now() + 28 * day) })
      .where("user_id", "=", user.id)
      .execute();

    const me = await call(client, contract.auth.me, {});
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie().some((c) => c.startsWith("sprog.session_token="))).toBe(true);
    const session = await api()
      .db.selectFrom("sessions")
      .select("expires_at")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * day);
  });

  it("sign-out deletes the session and clears the cookie", async () => {
    const email = uniqueEmail("signout");
    const client = await api().signIn(email);
    const user = await api()
      .db.selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const count = () =>
      api()
        .db.selectFrom("sessions")
        .select(sql<number>`count(*)`.as("n"))
        .where("user_id", "=", user.id)
        .executeTakeFirstOrThrow();
    expect((await count()).n).toBe(1);

    const stolenCookie = client.cookie;
    const answer = await call(client, contract.auth.signOut, {});
    expect(answer.status).toBe(204);
    expect(answer.headers.getSetCookie().some((c) => /sprog\.session_token=;/.test(c))).toBe(true);
    expect((await count()).n).toBe(0);

    // The old cookie is worthless now, even if someone kept it.
    const replay = api().client();
    replay.cookie = stolenCookie;
    expect((await fail(replay, contract.auth.me, {})).status).toBe(401);
  });
});
