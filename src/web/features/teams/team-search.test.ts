import { describe, expect, it } from "vitest";
import type { TeamInvite, TeamMember } from "../../../shared/schemas/teams.ts";
import {
  filterInvites,
  filterMembers,
  firstRemainingTeam,
  memberLabel,
  showInvitePrompt,
} from "./team-search.ts";

const member = (name: string, email: string, role: TeamMember["role"] = "reviewer"): TeamMember => ({
  id: email,
  userId: email,
  email,
  name,
  role,
  joinedAt: "2026-01-01T00:00:00.000Z",
});
const invite = (email: string): TeamInvite => ({
  id: email,
  teamId: "t1",
  email,
  role: "reviewer",
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("team search", () => {
  const members = [
    member("Olga Owner", "olga@acme.test", "owner"),
    member("Adam Admin", "adam@acme.test", "admin"),
    member("", "nameless@elsewhere.test"),
  ];

  it("matches members by full name or e-mail, case-insensitively, as a substring", () => {
    expect(filterMembers(members, "GA OW").map((m) => m.email)).toEqual(["olga@acme.test"]);
    expect(filterMembers(members, "acme").map((m) => m.email)).toEqual(["olga@acme.test", "adam@acme.test"]);
    expect(filterMembers(members, "ELSEWHERE").map((m) => m.email)).toEqual(["nameless@elsewhere.test"]);
    expect(filterMembers(members, "zzz")).toEqual([]);
  });

  it("keeps everything for an empty or blank query", () => {
    expect(filterMembers(members, "")).toEqual(members);
    expect(filterMembers(members, "   ")).toEqual(members);
    expect(filterInvites([invite("a@b.c")], " ")).toHaveLength(1);
  });

  it("matches invites by e-mail only", () => {
    const invites = [invite("new.person@acme.test"), invite("other@example.test")];
    expect(filterInvites(invites, "ACME").map((i) => i.email)).toEqual(["new.person@acme.test"]);
    expect(filterInvites(invites, "Olga")).toEqual([]);
  });

  it("shows the invite prompt with no invites and under 3 members", () => {
    expect(showInvitePrompt(1, 0)).toBe(true);
    expect(showInvitePrompt(2, 0)).toBe(true);
    expect(showInvitePrompt(3, 0)).toBe(false);
    expect(showInvitePrompt(1, 1)).toBe(false);
  });

  it("labels a member by name, else by e-mail", () => {
    expect(memberLabel(members[0] as TeamMember)).toBe("Olga Owner");
    expect(memberLabel(members[2] as TeamMember)).toBe("nameless@elsewhere.test");
  });

  it("picks the first remaining team (teams come sorted by name)", () => {
    const teams = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(firstRemainingTeam(teams, "a")).toEqual({ id: "b" });
    expect(firstRemainingTeam(teams, "b")).toEqual({ id: "a" });
    expect(firstRemainingTeam([{ id: "a" }], "a")).toBeNull();
  });
});
