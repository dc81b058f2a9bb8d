import type { AnyContractProcedure } from "@orpc/contract";
import { type MemberRole, PERMISSIONS, type Permission } from "../../../src/shared/permissions.ts";
import type { ApiClient } from "../api-client.ts";
import { type InputOf, routeOf } from "../contract-client.ts";

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

interface Answers {
  expected: Expected;
  /** Ends the caller's session (sign-out): signed-in callers use a throwaway session instead. */
  endsSession?: true;
}

/**
 * A row of an endpoint of the contract (`src/shared/contract`), made by `endpointCase`: its route and
 * request come from the contract, so only what is sent is written here.
 */
export interface EndpointCase extends Answers {
  endpoint: AnyContractProcedure;
  /** Called once per caller, so a destructive endpoint can make a fresh target. */
  input?: (f: Fixture) => unknown;
  /** A body the contract leaves to the handler (the webhook checks the provider's signed bytes). */
  body?: (f: Fixture) => unknown;
}

/** A row of a route outside the contract (the pull API, the documents, the SPA), written by hand. */
export interface HandCase extends Answers {
  /** As registered: `METHOD /path/:param`. */
  route: string;
  /** The concrete path; called once per caller. */
  path: (f: Fixture) => string | Promise<string>;
  body?: (f: Fixture) => unknown;
}

export type RouteCase = EndpointCase | HandCase;

/** The route a row stands for, as the server's route table lists it. */
export const routeOfCase = (row: RouteCase): string =>
  "endpoint" in row ? routeOf(row.endpoint) : row.route;

/**
 * The keys of `I` that `T` does not have, at every depth: a contextually typed arrow's answer gets no
 * excess property check, and without this a row could keep sending a field the contract renamed.
 */
type ExtraKeys<I, T> = [I] extends [readonly unknown[] | Blob]
  ? never
  : [I] extends [object]
    ?
        | Exclude<keyof I, KeysOf<NonNullable<T>>>
        | {
            [K in keyof I & KeysOf<NonNullable<T>>]: ExtraKeys<I[K], ValueOf<NonNullable<T>, K>>;
          }[keyof I & KeysOf<NonNullable<T>>]
    : never;

/** The keys of any member of a union (a discriminated body: `oidc` of one kind, `saml` of the other). */
type KeysOf<T> = T extends unknown ? keyof T : never;
/** The types `K` has in the members of a union that have it. */
type ValueOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/** Nothing more to ask of an exact input; else a property the row lacks, named by the extra keys. */
type Exact<I, T> = [ExtraKeys<I, T>] extends [never]
  ? unknown
  : { "fields the contract does not have": ExtraKeys<I, T> };

/** An endpoint without input (its schema is `unknown`) takes no `input`, perhaps an unchecked `body`. */
type InputPart<P extends AnyContractProcedure, I> =
  unknown extends InputOf<P>
    ? { input?: never; body?: (f: Fixture) => unknown }
    : { input: (f: Fixture) => I | Promise<I>; body?: never };

/**
 * A row of a contract endpoint, its input checked against the contract: `endpointCase({ endpoint:
 * contract.teams.update, input: (f) => ({ params: { teamId: f.teamId }, body: { name: "Matrix" } }),
 * expected: byPermission("team.edit", 200) })`. A renamed param or body field fails the type check.
 */
export function endpointCase<P extends AnyContractProcedure, I extends InputOf<P>>(
  row: { endpoint: P } & Answers & InputPart<P, I> & Exact<I, InputOf<P>>,
): EndpointCase {
  return row;
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
