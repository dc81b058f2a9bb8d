import { earlyRequestsKey } from "../early/early-requests.ts";

/**
 * Every localStorage key the web app uses (spec point 3, "Local memory"). Per-user keys carry the user id
 * so that two accounts on one browser do not share a selection.
 */
export const STORAGE_KEYS = {
  /** Set while the four sign-up steps are in progress. */
  signupInProgress: "sprog.signup.inProgress",
  /** The e-mail typed on /signup. */
  signupEmail: "sprog.signup.email",
  /** The e-mail a code was last sent to (login or sign-up), read by /verify. */
  pendingEmail: "sprog.auth.pendingEmail",
  /** When the last code was sent (ms since epoch), so the resend wait survives a reload. */
  codeSentAt: "sprog.auth.codeSentAt",
  /** Where to go after signing in (path + search of the protected page that sent the user to /login). */
  returnTo: "sprog.auth.returnTo",
  /** The cookie banner's answer, accepted true or false, with when it expires (150 days, spec point 9). */
  cookieConsent: "sprog.cookieConsent",
  selectedTeam: (userId: string) => `sprog.user.${userId}.selectedTeamId`,
  selectedProject: (userId: string) => `sprog.user.${userId}.selectedProjectId`,
  /**
   * When the invite check last failed (ms since epoch), per user: further checks wait 1 hour unless
   * forced (spec points 3 and 9).
   */
  inviteCheckFailedAt: (userId: string) => `sprog.user.${userId}.inviteCheckFailedAt`,
  /** "true" while the app's sidebar is collapsed to a rail, per user (spec point 2, issue 19). */
  sidebarCollapsed: (userId: string) => `sprog.user.${userId}.sidebarCollapsed`,
  /** The language column chosen on the Overview, per user and project (spec point 3). */
  selectedLanguage: (userId: string, projectId: string) =>
    `sprog.user.${userId}.project.${projectId}.selectedLanguage`,
  /** The extra language columns picked on the Overview (a JSON list of codes), per user and project. */
  extraColumns: (userId: string, projectId: string) =>
    `sprog.user.${userId}.project.${projectId}.extraColumns`,
  /** "true" while the cell editor's Enter saves and opens the next key (issue 34). */
  enterMovesToNextKey: "sprog.editor.enterMovesToNextKey",
  /** The GETs a signed-in screen opened with, per page path, started early on the next visit. */
  earlyRequests: earlyRequestsKey,
} as const;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Storage full or blocked: the app still works, it only forgets.
  }
}

export function isSignupInProgress(): boolean {
  return readStorage(STORAGE_KEYS.signupInProgress) === "true";
}

export function setSignupInProgress(inProgress: boolean): void {
  writeStorage(STORAGE_KEYS.signupInProgress, inProgress ? "true" : null);
  if (!inProgress) writeStorage(STORAGE_KEYS.signupEmail, null);
}

/** Only same-site paths are accepted as a return target. */
export function safeReturnPath(value: string | null): string | null {
  if (value === null || !value.startsWith("/")) return null;
  if (value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

export function rememberReturnTo(path: string): void {
  writeStorage(STORAGE_KEYS.returnTo, safeReturnPath(path));
}

/** Reads and forgets the remembered origin. */
export function takeReturnTo(): string | null {
  const value = safeReturnPath(readStorage(STORAGE_KEYS.returnTo));
  writeStorage(STORAGE_KEYS.returnTo, null);
  return value;
}
