import { readStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage-keys.ts";

/** Spec point 9: an answer to the cookie banner holds for 150 days, then the banner asks again. */
export const CONSENT_DAYS = 150;
const DAY_MS = 24 * 60 * 60 * 1000;

interface StoredConsent {
  accepted: boolean;
  expiresAt: number;
}

function parse(raw: string | null): StoredConsent | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { accepted, expiresAt } = value as Partial<StoredConsent>;
    if (typeof accepted !== "boolean" || typeof expiresAt !== "number") return null;
    return { accepted, expiresAt };
  } catch {
    return null;
  }
}

/** The visitor's answer (true accepted, false declined), or null when unanswered or expired. */
export function readCookieConsent(now = Date.now()): boolean | null {
  const stored = parse(readStorage(STORAGE_KEYS.cookieConsent));
  if (!stored || stored.expiresAt <= now) return null;
  return stored.accepted;
}

export function saveCookieConsent(accepted: boolean, now = Date.now()): void {
  const stored: StoredConsent = { accepted, expiresAt: now + CONSENT_DAYS * DAY_MS };
  writeStorage(STORAGE_KEYS.cookieConsent, JSON.stringify(stored));
}
