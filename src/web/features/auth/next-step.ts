import type { Me } from "../../../shared/schemas/auth.ts";

export type NextStep =
  | { kind: "go"; to: string; clearSignupFlag: boolean }
  /** An existing user with a profile and a team who came through sign-up: go on after 1 second. */
  | { kind: "welcome-back"; to: string; clearSignupFlag: true };

export const WELCOME_BACK_DELAY_MS = 1000;

/** Where the verify screen sends a user once the code is accepted (spec points 2 and 4). */
export function nextStepAfterVerify(me: Me, signupInProgress: boolean, returnTo: string | null): NextStep {
  if (me.profile === null) return { kind: "go", to: "/user-info", clearSignupFlag: false };
  if (me.teams.length === 0) return { kind: "go", to: "/create-team", clearSignupFlag: false };
  if (signupInProgress) return { kind: "welcome-back", to: "/app/overview", clearSignupFlag: true };
  return { kind: "go", to: returnTo ?? "/app/overview", clearSignupFlag: false };
}
