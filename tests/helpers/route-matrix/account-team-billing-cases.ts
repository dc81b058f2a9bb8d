import { contract } from "../../../src/shared/contract/index.ts";
import { uniqueEmail } from "../factories.ts";
import { byPermission, endpointCase, everyone, type RouteCase, signedIn, unique } from "./matrix.ts";

/**
 * Rows of the route × role matrix: signing in and the caller's own things, the team with its
 * members and invites, and billing (the matrix's app runs with Stripe, against the loopback Stripe).
 */
export const ACCOUNT_TEAM_CASES: RouteCase[] = [
  // Sign-in and the caller's own things.
  endpointCase({
    endpoint: contract.auth.sendCode,
    input: () => ({ body: { email: uniqueEmail("code") } }),
    expected: everyone(200),
  }),
  endpointCase({
    endpoint: contract.auth.verify,
    input: () => ({ body: { email: uniqueEmail("verify"), code: "000000" } }),
    // A wrong code is refused alike for everyone: the route itself is public.
    expected: everyone(400),
  }),
  endpointCase({ endpoint: contract.auth.signOut, expected: everyone(204), endsSession: true }),
  // The web app's session check answers everyone: me, or null for anonymous.
  endpointCase({ endpoint: contract.auth.session, expected: everyone(200) }),
  endpointCase({ endpoint: contract.auth.me, expected: signedIn(200) }),
  endpointCase({
    endpoint: contract.profiles.save,
    input: () => ({ body: { firstName: "Same", lastName: "Person" } }),
    expected: signedIn(200),
  }),
  // Issue 34: a new e-mail address is asked for by the signed-in account; the mailed link opens anywhere.
  endpointCase({
    endpoint: contract.profiles.requestEmailChange,
    input: () => ({ body: { email: uniqueEmail("new-address") } }),
    expected: signedIn(202),
  }),
  endpointCase({
    endpoint: contract.profiles.confirmEmailChange,
    input: () => ({ body: { token: "no-such-link" } }),
    // A link that was never mailed is refused alike for everyone: the route itself is public.
    expected: everyone(400),
  }),
  endpointCase({ endpoint: contract.teams.list, expected: signedIn(200) }),
  endpointCase({
    endpoint: contract.teams.create,
    input: () => ({ body: { name: unique("Team ") } }),
    expected: signedIn(201),
  }),
  endpointCase({ endpoint: contract.ai.status, expected: signedIn(200) }),

  // Team, members and invites (src/server/teams).
  endpointCase({
    endpoint: contract.teams.update,
    input: (f) => ({ params: { teamId: f.teamId }, body: { name: "Matrix" } }),
    expected: byPermission("team.edit", 200),
  }),
  endpointCase({
    endpoint: contract.teams.remove,
    input: async (f) => ({ params: { teamId: await f.freshTeam() } }),
    expected: byPermission("team.delete", 204),
  }),
  endpointCase({
    endpoint: contract.teams.listMembers,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("team.view", 200),
  }),
  endpointCase({
    endpoint: contract.teams.updateMemberRole,
    input: async (f) => ({
      params: { teamId: f.teamId, memberId: await f.freshMember() },
      body: { role: "admin" },
    }),
    expected: byPermission("team.manageRoles", 200),
  }),
  endpointCase({
    endpoint: contract.teams.removeMember,
    input: async (f) => ({ params: { teamId: f.teamId, memberId: await f.freshMember() } }),
    expected: byPermission("members.remove", 204),
  }),
  endpointCase({
    endpoint: contract.teams.listInvites,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("team.view", 200),
  }),
  endpointCase({
    endpoint: contract.teams.invite,
    input: (f) => ({ params: { teamId: f.teamId }, body: { email: uniqueEmail("invited") } }),
    expected: byPermission("members.add", 201),
  }),
  endpointCase({
    endpoint: contract.teams.removeInvite,
    input: async (f) => ({ params: { teamId: f.teamId, inviteId: await f.freshInvite() } }),
    expected: byPermission("members.remove", 204),
  }),
  endpointCase({ endpoint: contract.teams.acceptInvites, expected: signedIn(200) }),
];

/** Billing: the matrix's app runs with Stripe configured, against tests/helpers/stripe-server.ts. */
export const BILLING_CASES: RouteCase[] = [
  endpointCase({ endpoint: contract.billing.plans, input: () => ({ query: {} }), expected: signedIn(200) }),
  endpointCase({
    endpoint: contract.billing.subscription,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("team.view", 200),
  }),
  endpointCase({
    endpoint: contract.billing.checkout,
    input: (f) => ({
      params: { teamId: f.teamId },
      body: { priceId: "price_team_month", productId: "prod_team" },
    }),
    expected: byPermission("team.manageBilling", 200),
  }),
  endpointCase({
    endpoint: contract.billing.portal,
    input: async (f) => ({
      params: { teamId: await f.endedSubscription() },
      body: { returnUrl: `${f.appUrl}/app/team` },
    }),
    expected: byPermission("team.manageBilling", 200),
  }),
  endpointCase({
    // Authorized by the provider's signature, not a session: unsigned, everyone gets 400. The
    // contract leaves the body to the handler (it checks the signature over the raw bytes).
    endpoint: contract.billing.webhook,
    body: () => ({ id: "evt_unsigned", object: "event", type: "customer.subscription.updated" }),
    expected: everyone(400),
  }),
];
