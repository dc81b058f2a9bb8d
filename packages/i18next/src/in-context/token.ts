import {
  IN_CONTEXT_CONNECT_PATH,
  IN_CONTEXT_MESSAGE_TYPE,
  IN_CONTEXT_TOKEN_PREFIX,
  tokenStorageKey,
} from "../constants.ts";

/**
 * The sign-in: a popup on Sprog, where the signed-in person lets this page's origin edit the
 * project as them, posts a token back (the server's `inContextTokenSchema`). It is kept in
 * sessionStorage, so it ends with the tab, and is dropped once expired.
 */
export interface InContextToken {
  token: string;
  expiresAt: string;
  projectId: string;
  origin: string;
  userName: string;
  role: string;
}

const FIELDS = ["token", "expiresAt", "projectId", "origin", "userName", "role"] as const;

function usable(value: unknown, projectId: string): value is InContextToken {
  const token = value as Record<string, unknown> | null;
  return (
    typeof token === "object" &&
    token !== null &&
    FIELDS.every((field) => typeof token[field] === "string") &&
    (token.token as string).startsWith(IN_CONTEXT_TOKEN_PREFIX) &&
    token.projectId === projectId &&
    token.origin === location.origin &&
    Date.parse(token.expiresAt as string) > Date.now()
  );
}

export function readToken(projectId: string): InContextToken | undefined {
  try {
    const text = sessionStorage.getItem(tokenStorageKey(projectId));
    if (!text) return undefined;
    const token: unknown = JSON.parse(text);
    if (usable(token, projectId)) return token;
  } catch {
    // Unreadable: treated as no sign-in.
  }
  forgetToken(projectId);
  return undefined;
}

export function forgetToken(projectId: string): void {
  try {
    sessionStorage.removeItem(tokenStorageKey(projectId));
  } catch {
    // Storage blocked: nothing was kept.
  }
}

function saveToken(token: InContextToken): void {
  try {
    sessionStorage.setItem(tokenStorageKey(token.projectId), JSON.stringify(token));
  } catch {
    // Storage blocked: the sign-in lasts until the page is left.
  }
}

export function connectUrl(url: string, projectId: string): string {
  const query = `project=${encodeURIComponent(projectId)}&origin=${encodeURIComponent(location.origin)}`;
  return `${url.replace(/\/+$/, "")}${IN_CONTEXT_CONNECT_PATH}?${query}`;
}

/** Opens Sprog's sign-in popup; false when the browser blocked it. */
export function openSignIn(url: string, projectId: string): boolean {
  return window.open(connectUrl(url, projectId), "sprog-in-context", "width=520,height=640") !== null;
}

/**
 * Takes the token the popup posts, from Sprog's origin only: any other window could post a
 * message, and a token it made up must not be sent to Sprog as this person's.
 */
export function listenForToken(
  url: string,
  projectId: string,
  onToken: (token: InContextToken) => void,
): () => void {
  const sprogOrigin = new URL(url, location.href).origin;
  const listener = (event: MessageEvent) => {
    if (event.origin !== sprogOrigin) return;
    const data = event.data as Record<string, unknown> | null;
    if (data?.type !== IN_CONTEXT_MESSAGE_TYPE) return;
    const token = Object.fromEntries(FIELDS.map((field) => [field, data[field]]));
    if (!usable(token, projectId)) return;
    saveToken(token);
    onToken(token);
  };
  window.addEventListener("message", listener);
  return () => window.removeEventListener("message", listener);
}
