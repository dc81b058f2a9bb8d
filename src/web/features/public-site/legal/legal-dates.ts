/** When the terms and the cookie policy last changed: update with their text. */
export const TERMS_UPDATED = "22 November 2026";
export const COOKIE_POLICY_UPDATED = "22 November 2026";
