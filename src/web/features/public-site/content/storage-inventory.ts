import { STORAGE_KEYS } from "../../../lib/storage-keys.ts";

export interface StorageEntry {
  name: string;
  purpose: string;
  kept: string;
}

/**
 * The session cookie better-auth sets for the server (src/server/auth/auth.ts: cookie prefix "sprog";
 * the `__Secure-` variant when PUBLIC_URL is https). The e2e journey checks this is the only cookie.
 */
export const SESSION_COOKIE = "sprog.session_token";

export const COOKIES: StorageEntry[] = [
  {
    name: SESSION_COOKIE,
    purpose: `Keeps you signed in. It holds a signed session id, is HttpOnly (scripts cannot read it) and SameSite=Lax; over HTTPS it is named __Secure-${SESSION_COOKIE}.`,
    kept: "30 days, renewed when you use Sprog after a day; deleted when you sign out.",
  },
];

type StorageKeyName = keyof typeof STORAGE_KEYS;

/**
 * What each local storage key is for. Typed by the keys of STORAGE_KEYS, so a new key cannot reach
 * the app without a line in the cookie policy.
 */
const LOCAL_STORAGE: Record<StorageKeyName, Omit<StorageEntry, "name">> = {
  signupInProgress: {
    purpose: "Marks that you are in the middle of the four sign-up steps.",
    kept: "Until sign-up is finished.",
  },
  signupEmail: {
    purpose: "The e-mail address you typed on the sign-up page.",
    kept: "Until sign-up is finished.",
  },
  pendingEmail: {
    purpose: "The e-mail address a sign-in code was sent to, for the code page.",
    kept: "Until the code is verified.",
  },
  codeSentAt: {
    purpose: "When the last code was sent, so the 60-second wait before a resend survives a reload.",
    kept: "Until the code is verified.",
  },
  returnTo: {
    purpose: "The page you wanted before being asked to sign in, to take you back there.",
    kept: "Until you have signed in.",
  },
  cookieConsent: {
    purpose: "Your answer to the cookie banner (accepted true or false).",
    kept: "150 days, then the banner asks again.",
  },
  selectedTeam: { purpose: "The team you last selected.", kept: "Until you pick another team." },
  selectedProject: { purpose: "The project you last selected.", kept: "Until you pick another project." },
  inviteCheckFailedAt: {
    purpose: "When checking for pending team invites last failed, so Sprog waits an hour before retrying.",
    kept: "Until a check succeeds.",
  },
  selectedLanguage: {
    purpose: "The language column you last chose in a project's Overview.",
    kept: "Until you choose another language.",
  },
  sidebarCollapsed: {
    purpose: "That you collapsed the app's sidebar, so it stays collapsed.",
    kept: "Until you expand the sidebar again.",
  },
  extraColumns: {
    purpose: "The other language columns you chose to see beside the selected one in a project's Overview.",
    kept: "Until you change the columns.",
  },
  enterMovesToNextKey: {
    purpose: "That you chose 'Enter: next key' in the translation editor, so Enter goes on to the next key.",
    kept: "Until you turn it off.",
  },
  earlyRequests: {
    purpose:
      "The addresses of the data a screen of the app opened with, so your next visit can ask for them while the app loads.",
    kept: "Until you sign out; renewed on each visit.",
  },
};

/** What a key's name is shown with in place of its ids. */
const SHOWN_IDS: Partial<Record<StorageKeyName, string[]>> = { earlyRequests: ["{page address}"] };

/** A key's name as the cookie policy shows it: its ids as placeholders. */
export function shownName(key: StorageKeyName): string {
  const value: string | ((...ids: string[]) => string) = STORAGE_KEYS[key];
  return typeof value === "string" ? value : value(...(SHOWN_IDS[key] ?? ["{user id}", "{project id}"]));
}

export const LOCAL_STORAGE_ENTRIES: StorageEntry[] = (Object.keys(LOCAL_STORAGE) as StorageKeyName[]).map(
  (key) => ({ name: shownName(key), ...LOCAL_STORAGE[key] }),
);
