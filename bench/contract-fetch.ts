import type { AnyContractProcedure } from "@orpc/contract";
import { contractRequest } from "../src/shared/contract/http-request.ts";
import type { InputOf } from "../tests/helpers/contract-client.ts";
import type { LoadRequest } from "./load.ts";

export interface RawRequest {
  url: string;
  init: { method: string; headers: Record<string, string>; body?: string | FormData };
}

/**
 * A contract endpoint's request for the bench to send with its own `fetch`, where it times the HTTP
 * exchange itself (streams an answer, aborts it, reads it raw): the method and URL the contract
 * gives, a JSON body as its text with its Content-Type, a multipart body as FormData. `headers` are
 * the caller's (a session cookie, an API key).
 */
export function rawRequest<P extends AnyContractProcedure>(
  baseUrl: string,
  procedure: P,
  input: InputOf<P>,
  headers: Record<string, string> = {},
): RawRequest {
  const { method, url, body } = contractRequest(procedure, input);
  const init: RawRequest["init"] = { method, headers: { ...headers } };
  if (body?.kind === "json") {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body.value);
  } else if (body?.kind === "form") {
    init.body = body.value;
  }
  return { url: `${baseUrl}${url}`, init };
}

/** The same request as a load client (node:http, wrk) sends it again and again: a text body. */
export function loadRequest<P extends AnyContractProcedure>(
  baseUrl: string,
  procedure: P,
  input: InputOf<P>,
  headers: Record<string, string> = {},
): LoadRequest {
  const { url, init } = rawRequest(baseUrl, procedure, input, headers);
  if (init.body instanceof FormData) throw new Error(`a load client cannot send ${url}'s multipart body`);
  return {
    url,
    method: init.method,
    headers: init.headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  };
}
