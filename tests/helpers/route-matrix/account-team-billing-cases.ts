import { uniqueEmail } from "../factories.ts";
import { byPermission, everyone, type RouteCase, signedIn, unique } from "./matrix.ts";

/**
 * Rows of the route × role matrix: signing in and the caller's own things, the team with its
 * members and invites, and billing (the matrix's app runs with Stripe, against the loopback Stripe).
 */
export const ACCOUNT_TEAM_CASES: RouteCase[] = [
  // Sign-in and the caller's own things.
  {
    route: "POST /api/auth/code",
    path: () => "/api/auth/code",
    body: () => ({ email: uniqueEmail("code") }),
    expected: everyone(200),
  },
  {
    route: "POST /api/auth/verify",
    path: () => "/api/auth/verify",
    body: () => ({ email: uniqueEmail("verify"), code: "000000" }),
    // A wrong code is refused alike for everyone: the route itself is public.
    expected: everyone(400),
  },
  {
    route: "POST /api/auth/sign-out",
    path: () => "/api/auth/sign-out",
    expected: everyone(204),
    endsSession: true,
  },
  { route: "GET /api/me", path: () => "/api/me", expected: signedIn(200) },
  {
    route: "PUT /api/profile",
    path: () => "/api/profile",
    body: () => ({ firstName: "Same", lastName: "Person" }),
    expected: signedIn(200),
  },
  { route: "GET /api/teams", path: () => "/api/teams", expected: signedIn(200) },
  {
    route: "POST /api/teams",
    path: () => "/api/teams",
    body: () => ({ name: unique("Team ") }),
    expected: signedIn(201),
  },
  { route: "GET /api/ai/status", path: () => "/api/ai/status", expected: signedIn(200) },

  // Team, members and invites (src/server/teams).
  {
    route: "PATCH /api/teams/:teamId",
    path: (f) => `/api/teams/${f.teamId}`,
    body: () => ({ name: "Matrix" }),
    expected: byPermission("team.edit", 200),
  },
  {
    route: "DELETE /api/teams/:teamId",
    path: async (f) => `/api/teams/${await f.freshTeam()}`,
    expected: byPermission("team.delete", 204),
  },
  {
    route: "GET /api/teams/:teamId/members",
    path: (f) => `/api/teams/${f.teamId}/members`,
    expected: byPermission("team.view", 200),
  },
  {
    route: "PATCH /api/teams/:teamId/members/:memberId",
    path: async (f) => `/api/teams/${f.teamId}/members/${await f.freshMember()}`,
    body: () => ({ role: "admin" }),
    expected: byPermission("team.manageRoles", 200),
  },
  {
    route: "DELETE /api/teams/:teamId/members/:memberId",
    path: async (f) => `/api/teams/${f.teamId}/members/${await f.freshMember()}`,
    expected: byPermission("members.remove", 204),
  },
  {
    route: "GET /api/teams/:teamId/invites",
    path: (f) => `/api/teams/${f.teamId}/invites`,
    expected: byPermission("team.view", 200),
  },
  {
    route: "POST /api/teams/:teamId/invites",
    path: (f) => `/api/teams/${f.teamId}/invites`,
    body: () => ({ email: uniqueEmail("invited") }),
    expected: byPermission("members.add", 201),
  },
  {
    route: "DELETE /api/teams/:teamId/invites/:inviteId",
    path: async (f) => `/api/teams/${f.teamId}/invites/${await f.freshInvite()}`,
    expected: byPermission("members.remove", 204),
  },
  { route: "POST /api/invites/accept", path: () => "/api/invites/accept", expected: signedIn(200) },
];

/** Billing: the matrix's app runs with Stripe configured, against tests/helpers/stripe-server.ts. */
export const BILLING_CASES: RouteCase[] = [
  { route: "GET /api/billing/plans", path: () => "/api/billing/plans", expected: signedIn(200) },
  {
    route: "GET /api/teams/:teamId/subscription",
    path: (f) => `/api/teams/${f.teamId}/subscription`,
    expected: byPermission("team.view", 200),
  },
  {
    route: "POST /api/teams/:teamId/billing/checkout",
    path: (f) => `/api/teams/${f.teamId}/billing/checkout`,
    body: () => ({ priceId: "price_team_month", productId: "prod_team" }),
    expected: byPermission("team.manageBilling", 200),
  },
  {
    route: "POST /api/teams/:teamId/billing/portal",
    path: async (f) => `/api/teams/${await f.endedSubscription()}/billing/portal`,
    body: (f) => ({ returnUrl: `${f.appUrl}/app/team` }),
    expected: byPermission("team.manageBilling", 200),
  },
  {
    // Authorized by the provider's signature, not a session: unsigned, everyone gets 400.
    route: "POST /api/billing/webhook",
    path: () => "/api/billing/webhook",
    body: () => ({ id: "evt_unsigned", object: "event", type: "customer.subscription.updated" }),
    expected: everyone(400),
  },
];
