import { describe, expect, it } from "vitest";
import type { Me } from "../../../shared/schemas/auth.ts";
import { nextStepAfterVerify } from "./next-step.ts";

const profile = {
  id: "p1",
  userId: "u1",
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "",
  createdAt: "2026-01-01T00:00:00.000Z",
};
const team = { id: "t1", name: "Acme", role: "owner" as const, createdAt: "2026-01-01T00:00:00.000Z" };

function me(overrides: Partial<Me> = {}): Me {
  return { user: { id: "u1", email: "ada@example.com" }, profile, teams: [team], ...overrides };
}

describe("nextStepAfterVerify", () => {
  it("sends a user without a profile to /user-info", () => {
    expect(nextStepAfterVerify(me({ profile: null, teams: [] }), true, null)).toMatchObject({
      to: "/user-info",
    });
  });

  it("sends a user without a team to /create-team", () => {
    expect(nextStepAfterVerify(me({ teams: [] }), false, "/app/team")).toMatchObject({ to: "/create-team" });
  });

  it("lets an existing user who came through sign-up go on after a pause, clearing the flag", () => {
    expect(nextStepAfterVerify(me(), true, null)).toEqual({
      kind: "welcome-back",
      to: "/app/overview",
      clearSignupFlag: true,
    });
  });

  it("returns a signing-in user to the remembered origin, else the overview", () => {
    expect(nextStepAfterVerify(me(), false, "/app/team?x=1")).toMatchObject({
      kind: "go",
      to: "/app/team?x=1",
    });
    expect(nextStepAfterVerify(me(), false, null)).toMatchObject({ kind: "go", to: "/app/overview" });
  });
});
