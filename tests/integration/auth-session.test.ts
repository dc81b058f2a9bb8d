import { describe, expect, it } from "vitest";
import { apiAppForThisFile, uniqueEmail } from "../helpers/api-app.ts";

const api = apiAppForThisFile();

/**
 * GET /api/auth/session (issue 19, point 4): the web app's session check. Not being signed in is an
 * answer, not an error, so an anonymous page load shows no failed request in the browser's console;
 * GET /api/me keeps its 401 for API callers.
 */
describe("the session check", () => {
  it("answers 200 with me null for a visitor, while /api/me still refuses them", async () => {
    const client = api().client();
    expect(await client.request("GET", "/api/auth/session")).toMatchObject({
      status: 200,
      body: { me: null },
    });
    expect((await client.request("GET", "/api/me")).status).toBe(401);
  });

  it("answers the signed-in user, as /api/me does, and null again after sign-out", async () => {
    const email = uniqueEmail("session");
    const client = await api().signIn(email);
    const me = await client.request("GET", "/api/me");
    const session = await client.request<{ me: { user: { email: string } } | null }>(
      "GET",
      "/api/auth/session",
    );
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ me: me.body });
    expect(session.body.me?.user.email).toBe(email);

    expect((await client.request("POST", "/api/auth/sign-out")).status).toBe(204);
    expect(await client.request("GET", "/api/auth/session")).toMatchObject({
      status: 200,
      body: { me: null },
    });
  });

  it("answers null for a forged or stale cookie rather than failing", async () => {
    const client = api().client();
    client.cookie = "sprog.session_token=not-a-real-session";
    expect(await client.request("GET", "/api/auth/session")).toMatchObject({
      status: 200,
      body: { me: null },
    });
  });
});
