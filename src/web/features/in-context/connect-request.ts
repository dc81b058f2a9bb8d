import { UUID_PATTERN } from "../../../shared/ids.ts";
import {
  appOriginSchema,
  IN_CONTEXT_MESSAGE_TYPE,
  type InContextToken,
} from "../../../shared/schemas/in-context.ts";

/** What the app's SDK asks for in the popup's address: `?project={id}&origin={the app's origin}`. */
export type ConnectRequest = { ok: true; projectId: string; origin: string } | { ok: false; reason: string };

/** The popup's query, checked as the server will check it: an id, and an origin with nothing after it. */
export function parseConnectRequest(params: URLSearchParams): ConnectRequest {
  const projectId = params.get("project");
  if (!projectId) return { ok: false, reason: "it names no project (project=…)." };
  if (!UUID_PATTERN.test(projectId)) return { ok: false, reason: `“${projectId}” is not a project id.` };
  const origin = appOriginSchema.safeParse(params.get("origin") ?? undefined);
  if (!origin.success)
    return { ok: false, reason: `${origin.error.issues[0]?.message ?? "origin is not valid"}.` };
  return { ok: true, projectId, origin: origin.data };
}

/**
 * Hands the token to the app's window that opened the popup. Addressed to the app's origin only: if
 * that window has since gone to another site, the browser drops the message instead of leaking it.
 */
export function sendTokenToApp(
  opener: Pick<Window, "postMessage">,
  token: InContextToken,
  origin: string,
): void {
  opener.postMessage({ type: IN_CONTEXT_MESSAGE_TYPE, ...token }, origin);
}
