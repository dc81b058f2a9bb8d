import { IN_CONTEXT_API, IN_CONTEXT_KEYS_MAX } from "../constants.ts";

/** The server's `inContextKeySchema`. */
export interface ServerKey {
  id: string;
  name: string;
  description: string | null;
  maxLength: number | null;
  source: string | null;
  /** The text in the language asked; null: none yet. */
  text: string | null;
  /** Sent back with a save, so a newer save is not overwritten (409). */
  version: number;
  screenshotCount: number;
}

/** The server's `inContextKeysSchema`. */
export interface KeysAnswer {
  project: { id: string; name: string; sourceLanguage: string; languages: string[] };
  language: string;
  canEdit: boolean;
  canAddScreenshots: boolean;
  keys: ServerKey[];
}

/** A rectangle in the screenshot's pixels. */
export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An answer other than success: the server's message (its `{ error: { code, message } }`). */
export class SprogApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sprog's in-context routes, as the signed-in person: the token as a Bearer header, never
 * cookies (a Sprog session in the same browser must not be what grants these calls).
 */
export function createApi(url: string, token: () => string) {
  const base = `${url.replace(/\/+$/, "")}${IN_CONTEXT_API}`;
  const segment = encodeURIComponent;

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        credentials: "omit",
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token()}` },
      });
    } catch {
      throw new SprogApiError(0, "Sprog could not be reached. Check your connection and try again.");
    }
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { message?: string } }
      | undefined;
    if (!response.ok) {
      throw new SprogApiError(
        response.status,
        body?.error?.message ?? `Sprog answered with an error (${response.status}). Try again.`,
      );
    }
    return body as T;
  }

  return {
    keys: (names: string[], language: string) =>
      call<KeysAnswer>(
        `/keys?names=${segment(names.slice(0, IN_CONTEXT_KEYS_MAX).join(","))}&language=${segment(language)}`,
      ),
    save: (keyId: string, language: string, body: { text: string; version: number }) =>
      call<{ text: string; version: number }>(`/keys/${segment(keyId)}/strings/${segment(language)}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
    screenshot: (keyId: string, image: Blob, rectangle: Rectangle) => {
      const form = new FormData();
      form.append("file", image, "in-context.png");
      for (const [name, value] of Object.entries(rectangle)) form.append(name, String(value));
      return call<{ id: string; keyId: string }>(`/keys/${segment(keyId)}/screenshots`, {
        method: "POST",
        body: form,
      });
    },
  };
}

export type InContextApi = ReturnType<typeof createApi>;
