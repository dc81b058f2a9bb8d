import { decodeFileText } from "../../shared/formats/file-text.ts";
import { SSO_ERRORS } from "../../shared/schemas/sso.ts";
import { AppError } from "../errors.ts";

/** An IdP's metadata is a few KB (a key roll-over's two certificates included); past this it is not one. */
export const METADATA_MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

function checkProtocol(url: URL, allowHttp: boolean): void {
  if (url.protocol === "https:" || (allowHttp && url.protocol === "http:")) return;
  throw new AppError("bad_request", SSO_ERRORS.samlMetadataUrlInvalid);
}

async function readCapped(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > METADATA_MAX_BYTES) throw new Error("it is larger than 1 MB");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > METADATA_MAX_BYTES) throw new Error("it is larger than 1 MB");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads an IdP's metadata from the URL the owner gave: https only (http too with SSO_ALLOW_HTTP=1,
 * for tests and an IdP on the developer's machine), redirects followed by hand so each hop is held
 * to the same rule, 10 seconds in all, 1 MB at most. Refuses with the reason, for the owner.
 */
export async function fetchMetadata(address: string, options: { allowHttp: boolean }): Promise<string> {
  let url = new URL(address);
  checkProtocol(url, options.allowHttp);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const response = await fetch(url, {
        redirect: "manual",
        signal,
        headers: { accept: "application/samlmetadata+xml, application/xml, text/xml;q=0.9, */*;q=0.1" },
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = new URL(location, url);
        checkProtocol(url, options.allowHttp);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`the server answered ${response.status}`);
      }
      const charset = /charset=([^;\s]+)/i.exec(response.headers.get("content-type") ?? "")?.[1];
      return decodeFileText(await readCapped(response), "metadata", charset);
    }
    throw new Error("it redirected too many times");
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      "bad_request",
      `Could not read the metadata at ${address}: ${reasonOf(error, signal)}`,
    );
  }
}

/** Why the fetch failed, said for the owner (fetch's own "fetch failed" keeps the reason in its cause). */
function reasonOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted || (error instanceof Error && error.name === "TimeoutError")) {
    return "it did not answer within 10 seconds";
  }
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}
