import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildUser, signInAs, uniqueEmail } from "../helpers/factories.ts";

/**
 * Changing the account's e-mail address from Edit Profile (issue 34; spec point 5 validates the
 * profile's e-mail), against the real SMTP test server: the link goes to the NEW address, the
 * account changes only when it is opened, the old address is told, an address another account has
 * is refused (409), and the sends are limited.
 */
const api = apiAppForThisFile();

const TAKEN = "This e-mail address is already used by another account.";
const INVALID_LINK =
  "This confirmation link has expired or has already been used. Please change your e-mail address again.";

async function person(firstName = "Emma") {
  const user = await buildUser(api().app, { email: uniqueEmail("before"), firstName, lastName: "Mailer" });
  return { user, client: await signInAs(user) };
}

const requestChange = (client: ApiClient, email: string) =>
  call(client, contract.profiles.requestEmailChange, { body: { email } });

/** A change the server refuses: the address may be anything, even missing. */
const refusedChange = (client: ApiClient, email: unknown) =>
  fail(client, contract.profiles.requestEmailChange, { body: { email } });

const confirm = (token: string, client: ApiClient = api().client()) =>
  call(client, contract.profiles.confirmEmailChange, { body: { token } });

const me = async (client: ApiClient) => (await call(client, contract.auth.me, {})).body;

/** The link of the latest confirmation mail to `to`, and its token. */
async function linkTo(to: string, count = 1) {
  const mail = await api().mail.waitForMail(to, { count });
  const link = mail.text?.match(/https?:\/\/\S+\/confirm-email\?token=[\w-]+/)?.[0] ?? "";
  expect(link, mail.text).not.toBe("");
  expect(mail.html).toContain(`href="${link}"`);
  return { mail, link, token: new URL(link).searchParams.get("token") ?? "" };
}

describe("changing the e-mail address", () => {
  it("mails a link to the new address; the account changes when it is opened, and the old address is told", async () => {
    const { user, client } = await person();
    const next = uniqueEmail("after");

    const asked = await requestChange(client, `  ${next.toUpperCase()} `);
    expect(asked).toMatchObject({ status: 202, body: { pendingEmail: next } });
    const { mail, link, token } = await linkTo(next);
    expect(link.startsWith(`${api().app.url}/confirm-email?token=`)).toBe(true);
    expect(mail.subject).toBe("Confirm your new e-mail address for Sprog");
    expect(mail.text).toContain("expires in 24 hours");

    // Nothing changed yet: not the account, not the profile, and the old address heard nothing.
    expect((await me(client)).user.email).toBe(user.email);
    expect((await me(client)).profile?.email).toBe(user.email);
    expect(api().mail.mailsTo(user.email)).toEqual([]);

    // Opened signed out (another browser): the token is the proof.
    const opened = await confirm(token);
    expect(opened).toMatchObject({ status: 200, body: { email: next } });
    const after = await me(client);
    expect(after.user).toEqual({ id: user.id, email: next });
    expect(after.profile?.email).toBe(next);
    // Saving the profile keeps the new address on it.
    const saved = await call(client, contract.profiles.save, { body: { firstName: "Emma" } });
    expect(saved.body.email).toBe(next);

    const notice = await api().mail.waitForMail(user.email);
    expect(notice.subject).toBe("Your Sprog e-mail address was changed");
    expect(notice.text).toContain(next);
    expect(notice.text).not.toContain(token);

    // The link works once.
    expect(await confirm(token)).toMatchObject({ status: 400, body: { error: { message: INVALID_LINK } } });
    // Signing in with the new address is the same account.
    const again = await api().signIn(next);
    expect((await me(again)).user.id).toBe(user.id);
  });

  it("checks the address with the spec's texts, and refuses the account's own address", async () => {
    const { user, client } = await person();
    for (const [email, message] of [
      [undefined, "Email is required"],
      ["   ", "Email is required"],
      ["not-an-address", "Email is invalid"],
      ["a@b", "Email is invalid"],
      ["Ada<ada@example.com>", "Email is invalid"],
      [user.email.toUpperCase(), "This is already your e-mail address."],
    ] as const) {
      const answer = await refusedChange(client, email);
      expect(answer).toMatchObject({ status: 400, body: { error: { message } } });
    }
    expect((await refusedChange(api().client(), uniqueEmail())).status).toBe(401);
    expect(await confirm("")).toMatchObject({ status: 400 });
    expect(await confirm("not-a-token")).toMatchObject({
      status: 400,
      body: { error: { message: INVALID_LINK } },
    });
  });

  it("refuses an address another account has (409), saying no more, and mails it nothing", async () => {
    const { client } = await person();
    const other = await buildUser(api().app, {
      email: uniqueEmail("other"),
      firstName: "Otto",
      lastName: "Other",
    });
    const answer = await refusedChange(client, other.email.toUpperCase());
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: { code: "conflict", message: TAKEN } });
    expect(JSON.stringify(answer.body)).not.toContain("Otto");
    expect(api().mail.mailsTo(other.email)).toEqual([]);
  });

  it("refuses the link when another account took the address meanwhile, and keeps the old address", async () => {
    const { user, client } = await person();
    const next = uniqueEmail("raced");
    expect((await requestChange(client, next)).status).toBe(202);
    const { token } = await linkTo(next);
    await buildUser(api().app, { email: next });
    expect(await confirm(token)).toMatchObject({ status: 409, body: { error: { message: TAKEN } } });
    expect((await me(client)).user.email).toBe(user.email);
  });

  it("refuses an expired link", async () => {
    const { user, client } = await person();
    const next = uniqueEmail("late");
    expect((await requestChange(client, next)).status).toBe(202);
    const { token } = await linkTo(next);
    await api()
      .db.updateTable("email_changes")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", user.id)
      .execute();
    expect(await confirm(token)).toMatchObject({ status: 400, body: { error: { message: INVALID_LINK } } });
    expect((await me(client)).user.email).toBe(user.email);
  });

  it("is limited like the other e-mail sends; a new request replaces the last link", async () => {
    const { user, client } = await person();
    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    expect((await requestChange(client, first)).status).toBe(202);
    const { token: firstToken } = await linkTo(first);

    const tooSoon = await refusedChange(client, second);
    expect(tooSoon).toMatchObject({ status: 429, body: { error: { code: "rate_limited" } } });
    expect(tooSoon.body.error.message).toMatch(/^Please wait \d+ seconds before requesting a new link\.$/);
    expect(api().mail.mailsTo(second)).toEqual([]);

    api().app.clock.advance(61_000);
    expect((await requestChange(client, second)).status).toBe(202);
    const { token: secondToken } = await linkTo(second);
    expect(await confirm(firstToken)).toMatchObject({ status: 400 });
    expect(await confirm(secondToken)).toMatchObject({ status: 200, body: { email: second } });
    expect((await me(client)).user).toEqual({ id: user.id, email: second });

    // Per account an hour: five requests (the refused one counted), then a wait.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      api().app.clock.advance(61_000);
      statuses.push((await requestChange(client, uniqueEmail(`many-${i}`))).status);
    }
    expect(statuses).toEqual([202, 202, 429, 429, 429]);
  });
});
