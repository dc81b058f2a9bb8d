import { beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../lib/storage-keys.ts";
import { CONSENT_DAYS, readCookieConsent, saveCookieConsent } from "./cookie-consent.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 0, 1);

beforeEach(() => localStorage.clear());

describe("cookie consent", () => {
  it("is unanswered until the visitor answers", () => {
    expect(readCookieConsent(now)).toBeNull();
  });

  it.each([true, false])("remembers %s for 150 days, then asks again", (accepted) => {
    saveCookieConsent(accepted, now);
    expect(readCookieConsent(now)).toBe(accepted);
    expect(readCookieConsent(now + CONSENT_DAYS * DAY_MS - 1)).toBe(accepted);
    expect(readCookieConsent(now + CONSENT_DAYS * DAY_MS)).toBeNull();
  });

  it("stores true or false with its expiry under the consent key", () => {
    saveCookieConsent(false, now);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cookieConsent) ?? "")).toEqual({
      accepted: false,
      expiresAt: now + 150 * DAY_MS,
    });
  });

  it.each(["true", "not json", "{}", '{"accepted":"yes","expiresAt":1}'])(
    "treats a value it did not write (%s) as unanswered",
    (raw) => {
      localStorage.setItem(STORAGE_KEYS.cookieConsent, raw);
      expect(readCookieConsent(now)).toBeNull();
    },
  );
});
