import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildUser, signInAs } from "../helpers/factories.ts";

const api = apiAppForThisFile();

/**
 * GET /api/auth/session (issue 19, point 4): the web app's session check. Not being signed in is an
 * answer, not an error, so an anonymous page load shows no failed request in the browser's console;
 * GET /api/me keeps its 401 for API callers.
 */
describe("the session check", () => {
  it("answers 200 with me null for a visitor, while /api/me still refuses them", async () => {
    const client = api().client();
    expect(await call(client, contract.auth.session, {})).toMatchObject({
      status: 200,
      body: { me: null },
    });
    expect((await fail(client, contract.auth.me, {})).status).toBe(401);
  });

  it("answers the signed-in user, as /api/me does, and null again after sign-out", async () => {
    const user = await buildUser(api().app);
    const client = await signInAs(user);
    const me = await call(client, contract.auth.me, {});
    const session = await call(client, contract.auth.session, {});
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ me: me.body });
    expect(session.body.me?.user.email).toBe(user.email);

    expect((await call(client, contract.auth.signOut, {})).status).toBe(204);
    expect(await call(client, contract.auth.session, {})).toMatchObject({
      status: 200,
      body: { me: null },
    });
  });

  it("answers null for a forged or stale cookie rather than failing", async () => {
    const client = api().client();
    client.cookie = "sprog.session_token=not-a-real-session";
    expect(await call(client, contract.auth.session, {})).toMatchObject({
      status: 200,
      body: { me: null },
    });
  });
});
