import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../../lib/storage-keys.ts";
import { COOKIES, LOCAL_STORAGE_ENTRIES, SESSION_COOKIE } from "./storage-inventory.ts";

describe("the cookie policy's inventory", () => {
  it("describes every local storage key of STORAGE_KEYS, ids shown as placeholders", () => {
    const names = LOCAL_STORAGE_ENTRIES.map((entry) => entry.name);
    expect(names).toHaveLength(Object.keys(STORAGE_KEYS).length);
    expect(names).toContain(STORAGE_KEYS.cookieConsent);
    expect(names).toContain("sprog.user.{user id}.selectedTeamId");
    expect(names).toContain("sprog.user.{user id}.project.{project id}.selectedLanguage");
    for (const entry of LOCAL_STORAGE_ENTRIES) {
      expect(entry.purpose, entry.name).not.toBe("");
      expect(entry.kept, entry.name).not.toBe("");
    }
  });

  it("names the session cookie the server sets (prefix sprog)", () => {
    expect(COOKIES.map((cookie) => cookie.name)).toEqual([SESSION_COOKIE]);
    expect(SESSION_COOKIE).toBe("sprog.session_token");
  });
});
