import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { startDnsServer } from "../helpers/dns-server.ts";
import { startOidcIdp } from "../helpers/oidc-idp.ts";
import { ACCOUNT_TEAM_CASES, BILLING_CASES } from "../helpers/route-matrix/account-team-billing-cases.ts";
import { ACTIVITY_CASES } from "../helpers/route-matrix/activity-cases.ts";
import { AGENT_CASES } from "../helpers/route-matrix/agent-cases.ts";
import { BRANCH_CASES } from "../helpers/route-matrix/branches-cases.ts";
import { COMMENT_CASES } from "../helpers/route-matrix/comments-cases.ts";
import { FILE_TEMPLATE_CASES } from "../helpers/route-matrix/file-templates-cases.ts";
import { answerOf, buildMatrix, type Matrix, statusOf } from "../helpers/route-matrix/fixture.ts";
import { GLOSSARY_CASES } from "../helpers/route-matrix/glossary-cases.ts";
import {
  CALLERS,
  type Expected,
  everyone,
  type RouteCase,
  routeOfCase,
} from "../helpers/route-matrix/matrix.ts";
import { PROJECT_CONTENT_CASES } from "../helpers/route-matrix/project-content-cases.ts";
import { RELEASE_CASES } from "../helpers/route-matrix/releases-cases.ts";
import {
  APP_DOCUMENT_CASES,
  REVIEW_TONE_ACCESS_CASES,
} from "../helpers/route-matrix/review-tone-access-cases.ts";
import { SCREENSHOT_CASES } from "../helpers/route-matrix/screenshots-cases.ts";
import { SSO_CASES, SSO_WORLD } from "../helpers/route-matrix/sso-cases.ts";
import { USAGE_CASES } from "../helpers/route-matrix/usage-cases.ts";
import { type StripeServer, startStripeServer } from "../helpers/stripe-server.ts";

/**
 * Every route the app registers, called as anonymous, a signed-in outsider, and the team's
 * reviewer, admin and owner (issue 6): the answer must be what `src/shared/permissions.ts` says.
 * Allowed callers must get the route's success status (so the call really did its work), an
 * outsider 404 (another team's things do not exist for them), a member without the right 403,
 * and anonymous 401. A route without a row fails the first test: a new route cannot ship without
 * saying who may call it. The rows are in tests/helpers/route-matrix/*-cases.ts, by area; a row of
 * a contract endpoint names it, so its route and request come from the contract. The world they
 * act on is built by tests/helpers/route-matrix/fixture.ts.
 */

// In the order they always ran: billing last but for the documents, once the rest has been called.
const CASES: RouteCase[] = [
  ...ACCOUNT_TEAM_CASES,
  ...PROJECT_CONTENT_CASES,
  ...FILE_TEMPLATE_CASES,
  ...REVIEW_TONE_ACCESS_CASES,
  ...AGENT_CASES,
  ...GLOSSARY_CASES,
  ...COMMENT_CASES,
  ...SCREENSHOT_CASES,
  ...RELEASE_CASES,
  ...BRANCH_CASES,
  ...SSO_CASES,
  ...ACTIVITY_CASES,
  ...USAGE_CASES,
  ...BILLING_CASES,
  ...APP_DOCUMENT_CASES,
];

let stripe: StripeServer | undefined;
const api = apiAppForThisFile({
  env: async () => {
    stripe = await startStripeServer();
    // Single sign-on's rows save a real provider (its discovery is read) and verify real TXT records.
    SSO_WORLD.idp = await startOidcIdp({ redirectUri: "http://127.0.0.1/sso/oidc/callback" });
    SSO_WORLD.dns = await startDnsServer();
    return { ...stripe.env(), SSO_ALLOW_HTTP: "1", DNS_SERVERS: SSO_WORLD.dns.address };
  },
});
afterAll(async () => {
  await stripe?.close();
  await SSO_WORLD.idp?.close();
  await SSO_WORLD.dns?.close();
});
let matrix: Matrix;
beforeAll(async () => {
  matrix = await buildMatrix(api());
});

describe("route × role matrix", () => {
  it("has a row for every route the app registers, and no row for a route it does not", () => {
    const registered = api()
      .app.server.routes.map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(CASES.map(routeOfCase).sort()).toEqual(registered);
  });

  for (const routeCase of CASES) {
    const route = routeOfCase(routeCase);
    it(route, async () => {
      const got = {} as Expected;
      for (const caller of CALLERS) got[caller] = await statusOf(api(), matrix, caller, routeCase);
      if (route === "GET /*" || route === "GET /") {
        // Whatever the SPA answers (200 built, 503 not built), it answers everyone alike.
        const first = got.anonymous;
        expect([200, 503]).toContain(first);
        expect(got).toEqual(everyone(first));
        return;
      }
      expect(got).toEqual(routeCase.expected);
    });
  }
});

/**
 * Issue 32: an outsider's 404 must say nothing about what exists. For every route an outsider
 * gets 404 from, the same request with the ids in its path replaced by ids of nothing must get
 * the same answer, word for word (another team's batch said "Project not found", a random id
 * "Batch translation not found").
 */
describe("another team's ids answer as ids of nothing", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const nothing = (path: string) => {
    const [pathname = "", query] = path.split("?");
    const swapped = pathname
      .split("/")
      .map((segment) => {
        if (UUID.test(segment)) return crypto.randomUUID();
        if (segment === matrix.fixture.teamId) return `t${crypto.randomUUID().replaceAll("-", "")}`;
        return segment;
      })
      .join("/");
    return query === undefined ? swapped : `${swapped}?${query}`;
  };

  const outsiderRoutes = CASES.filter(
    (routeCase) => routeCase.expected.outsider === 404 && routeOfCase(routeCase).includes(":"),
  );
  for (const routeCase of outsiderRoutes) {
    const route = routeOfCase(routeCase);
    it(route, async () => {
      const theirs = await answerOf(api(), matrix, "outsider", routeCase);
      const ofNothing = await answerOf(api(), matrix, "outsider", routeCase, nothing);
      expect(theirs.status).toBe(404);
      expect(ofNothing).toEqual(theirs);
    });
  }
});
