import { describe, expect, it } from "vitest";
import { codeSchema, emailSchema } from "./auth.ts";
import { profileBodySchema } from "./profiles.ts";
import { createTeamBodySchema } from "./teams.ts";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("spec point 5 validation texts", () => {
  it("e-mail: required, valid, normalised", () => {
    expect(firstMessage(emailSchema.safeParse(""))).toBe("Email is required");
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe("Email is required");
    expect(firstMessage(emailSchema.safeParse("not-an-email"))).toBe("Email is invalid");
    expect(emailSchema.parse("  Ada@Example.COM ")).toBe("ada@example.com");
  });

  it("code: exactly six digits", () => {
    for (const bad of ["", "12345", "1234567", "12a456", " 123456"]) {
      expect(firstMessage(codeSchema.safeParse(bad))).toBe("Please enter all 6 digits");
    }
    expect(codeSchema.parse("012345")).toBe("012345");
  });

  it("profile: first name required and trimmed, last name optional", () => {
    expect(firstMessage(profileBodySchema.safeParse({ firstName: "   " }))).toBe("First name is required");
    expect(profileBodySchema.parse({ firstName: " Ada " })).toEqual({ firstName: "Ada", lastName: "" });
  });

  it("team: name required", () => {
    expect(firstMessage(createTeamBodySchema.safeParse({ name: " " }))).toBe("Team name is required");
    expect(createTeamBodySchema.parse({ name: " Acme " })).toEqual({ name: "Acme" });
  });
});
