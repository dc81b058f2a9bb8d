import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { IN_CONTEXT_TOKEN_PREFIX } from "../../src/shared/schemas/in-context.ts";
import { ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildKey, memberOf, ownerWithProject } from "../helpers/factories.ts";
import { pngBytes } from "../helpers/images.ts";

const api = apiAppForThisFile();
const APP_ORIGIN = "http://localhost:5173";

async function world() {
  const setup = await ownerWithProject(api(), ["de"]);
  const { owner, projectId } = setup;
  await call(owner, contract.profiles.save, { body: { firstName: "Olga", lastName: "Owner" } });
  const titleId = await buildKey(owner, projectId, "home.title", {
    source: "Welcome",
    strings: { de: "Willkommen" },
  });
  await call(owner, contract.keys.update, {
    params: { keyId: titleId },
    body: { description: "The landing page's heading", maxLength: 30 },
  });
  const buttonId = await buildKey(owner, projectId, "home.cta", { source: "Start" });
  return { ...setup, titleId, buttonId };
}

async function tokenFor(client: ApiClient, projectId: string, origin = APP_ORIGIN) {
  const created = await call(client, contract.inContext.createToken, {
    params: { projectId },
    body: { origin },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** The app page's client: its token, sent from its origin, no cookies. */
const pageClient = (token: string, origin = APP_ORIGIN) =>
  new ApiClient(api().app.url, { authorization: `Bearer ${token}`, origin });

describe("in-context editing from an app's page", () => {
  it("a token lets the page read its keys and save a text as the person, from its origin only", async () => {
    const { owner, projectId, titleId } = await world();
    const token = await tokenFor(owner, projectId);
    expect(token).toMatchObject({ projectId, origin: APP_ORIGIN, userName: "Olga Owner", role: "owner" });
    expect(token.token.startsWith(IN_CONTEXT_TOKEN_PREFIX)).toBe(true);
    expect(Date.parse(token.expiresAt) - Date.now()).toBeGreaterThan(7.9 * 3600_000);

    const page = pageClient(token.token);
    const keys = await call(page, contract.inContext.keys, {
      query: { names: "home.title,missing.key,home.cta", language: "de" },
    });
    expect(keys.status).toBe(200);
    expect(keys.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(keys.body).toMatchObject({ language: "de", canEdit: true, canAddScreenshots: true });
    expect(keys.body.keys).toEqual([
      {
        id: titleId,
        name: "home.title",
        description: "The landing page's heading",
        maxLength: 30,
        source: "Welcome",
        text: "Willkommen",
        version: 1,
        screenshotCount: 0,
      },
      expect.objectContaining({ name: "home.cta", source: "Start", text: null, version: 0 }),
    ]);

    const saved = await call(page, contract.inContext.save, {
      params: { keyId: titleId, lang: "de" },
      body: { text: "Herzlich willkommen", version: 1 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ text: "Herzlich willkommen", version: 2 });
    // Saved as the person: their edit in the string's history, as the editor's would be.
    const history = await call(owner, contract.strings.history, { params: { keyId: titleId, lang: "de" } });
    expect(history.body.entries[0]).toMatchObject({
      value: "Herzlich willkommen",
      version: 2,
      origin: "person",
      by: "Olga Owner",
      agent: null,
    });

    // A body no text fits in is refused as it arrives (these routes answer before the API's limit).
    const huge = await fail(page, contract.inContext.save, {
      params: { keyId: titleId, lang: "de" },
      body: { text: "x".repeat(600 * 1024), version: 2 },
    });
    expect(huge.status).toBe(413);

    // An older version is a conflict, not an overwrite.
    const stale = await fail(page, contract.inContext.save, {
      params: { keyId: titleId, lang: "de" },
      body: { text: "Hallo", version: 1 },
    });
    expect(stale.status).toBe(409);

    // Another page, or none, cannot use the token.
    const elsewhere = await fail(pageClient(token.token, "https://evil.example"), contract.inContext.keys, {
      query: { names: "home.title", language: "de" },
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error.message).toBe(
      `This editing session belongs to ${APP_ORIGIN}, not to this page`,
    );
    const noToken = await fail(
      new ApiClient(api().app.url, { origin: APP_ORIGIN }),
      contract.inContext.keys,
      {
        query: { names: "home.title", language: "de" },
      },
    );
    expect(noToken.status).toBe(401);
    expect(noToken.body.error.message).toBe("Sign in to Sprog to edit texts in the app");
    const madeUp = await fail(pageClient(`${IN_CONTEXT_TOKEN_PREFIX}nope`), contract.inContext.keys, {
      query: { names: "home.title", language: "de" },
    });
    expect(madeUp.status).toBe(401);
  });

  it("answers the page's preflight, and a reviewer edits but cannot add screenshots", async () => {
    const { projectId, teamId, titleId } = await world();
    const preflight = await fetch(`${api().app.url}/api/in-context/keys?names=a&language=de`, {
      method: "OPTIONS",
      headers: {
        origin: APP_ORIGIN,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization");

    const reviewer = await memberOf(api(), teamId, "reviewer", { firstName: "Rita" });
    const token = await tokenFor(reviewer.client, projectId);
    expect(token.role).toBe("reviewer");
    const page = pageClient(token.token);
    const keys = await call(page, contract.inContext.keys, {
      query: { names: "home.title", language: "de" },
    });
    expect(keys.body).toMatchObject({ canEdit: true, canAddScreenshots: false });
    const shot = await fail(page, contract.inContext.screenshot, {
      params: { keyId: titleId },
      body: {
        file: new File([new Uint8Array(pngBytes(40, 20))], "in-context.png"),
        x: "1",
        y: "1",
        width: "10",
        height: "5",
      },
    });
    expect(shot.status).toBe(403);
  });

  it("attaches a screenshot of the page to the key with the key's rectangle", async () => {
    const { owner, projectId, titleId } = await world();
    const page = pageClient((await tokenFor(owner, projectId)).token);
    const file = new File([new Uint8Array(pngBytes(40, 20))], "in-context.png", { type: "image/png" });
    const shot = await call(page, contract.inContext.screenshot, {
      params: { keyId: titleId },
      body: { file, x: 2, y: 3, width: 20, height: 10 },
    });
    expect(shot.status).toBe(201);
    const listed = await call(owner, contract.screenshots.listForKey, { params: { keyId: titleId } });
    expect(listed.body.screenshots).toEqual([
      expect.objectContaining({ id: shot.body.id, rect: { x: 2, y: 3, width: 20, height: 10 } }),
    ]);
    const outside = await fail(page, contract.inContext.screenshot, {
      params: { keyId: titleId },
      body: { file, x: 30, y: 3, width: 20, height: 10 },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe("The rectangle must lie inside the image (40 × 20 pixels)");
  });

  it("refuses a token for a bad origin or a project the person is not in, and ends with the sign-out", async () => {
    const { owner, projectId } = await world();
    const bad = await fail(owner, contract.inContext.createToken, {
      params: { projectId },
      body: { origin: "https://app.example.com/path" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("origin must be an address's origin only");
    const outsider = await ownerWithProject(api());
    expect(
      (
        await fail(outsider.owner, contract.inContext.createToken, {
          params: { projectId },
          body: { origin: APP_ORIGIN },
        })
      ).status,
    ).toBe(404);

    const token = await tokenFor(owner, projectId);
    expect((await call(owner, contract.auth.signOut, {})).status).toBeLessThan(300);
    const after = await fail(pageClient(token.token), contract.inContext.keys, {
      query: { names: "home.title", language: "de" },
    });
    expect(after.status).toBe(401);
    expect(after.body.error.message).toBe(
      "Your in-context editing session has ended: sign in to Sprog again",
    );
  });
});
