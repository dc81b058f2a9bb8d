import { type MemberRole, PERMISSIONS, type Permission } from "../../../src/shared/permissions.ts";
import type { ApiClient } from "../api-client.ts";

// The vocabulary of the route × role matrix (tests/integration/route-permissions.test.ts): who
// calls, what each caller must get, and the fixture a route's path and body are made from.

export const CALLERS = ["anonymous", "outsider", "reviewer", "admin", "owner"] as const;
export type Caller = (typeof CALLERS)[number];

export type Expected = Record<Caller, number>;

/** A team with a project, a key and more, owned by `owner`; the fresh… methods make new targets. */
export interface Fixture {
  /** The app's address (PUBLIC_URL), for bodies that name a page of the app. */
  appUrl: string;
  teamId: string;
  projectId: string;
  keyId: string;
  historyId: number;
  batchId: string;
  sectionId: string;
  owner: ApiClient;
  /** A new project of the team (languages en, de), one key with a German string and one without. */
  freshProject(): Promise<string>;
  freshKey(projectId?: string): Promise<string>;
  /** A team of the owner in which the reviewer and admin hold their roles (to be deleted). */
  freshTeam(): Promise<string>;
  /** A reviewer of the fixture team, made by the factories (no sign-in code spent). */
  freshMember(): Promise<string>;
  freshInvite(): Promise<string>;
  /** A batch translation of a fresh project that is still processing. */
  runningBatch(): Promise<string>;
  freshReview(keyIds?: string[]): Promise<string>;
  freshSection(): Promise<string>;
  freshApiKey(): Promise<string>;
  /**
   * The fixture team with an ended subscription: it has a customer (the portal opens) and nothing
   * live (checkout is allowed, member changes touch no seats).
   */
  endedSubscription(): Promise<string>;
}

export interface RouteCase {
  /** As registered: `METHOD /path/:param`. */
  route: string;
  /** The concrete path; called once per caller, so a destructive route can make a fresh target. */
  path: (f: Fixture) => string | Promise<string>;
  body?: (f: Fixture) => unknown;
  expected: Expected;
  /** Ends the caller's session (sign-out): signed-in callers use a throwaway session instead. */
  endsSession?: true;
}

/** Who may, by the permission table: allowed members get `ok`, the rest the usual refusals. */
export function byPermission(permission: Permission, ok: number): Expected {
  const allowed = PERMISSIONS[permission] as readonly MemberRole[];
  const member = (role: MemberRole) => (allowed.includes(role) ? ok : 403);
  return {
    anonymous: 401,
    outsider: 404,
    reviewer: member("reviewer"),
    admin: member("admin"),
    owner: member("owner"),
  };
}

/** Routes about the caller themself: any signed-in user. */
export const signedIn = (ok: number): Expected => ({
  anonymous: 401,
  outsider: ok,
  reviewer: ok,
  admin: ok,
  owner: ok,
});

export const everyone = (ok: number): Expected => ({
  anonymous: ok,
  outsider: ok,
  reviewer: ok,
  admin: ok,
  owner: ok,
});

let counter = 0;
/** A name no other call of the matrix uses (routes that refuse duplicates answer 201 every time). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;
