import type { AnyContractProcedure, InferSchemaInput, InferSchemaOutput } from "@orpc/contract";
import { contractRequest, honoPath } from "../../src/shared/contract/http-request.ts";
import type { FileAnswer } from "../../src/shared/contract/media.ts";
import type { ErrorBody } from "../../src/shared/schemas/error.ts";
import type { ApiAnswer, ApiClient } from "./api-client.ts";

export type InputOf<P extends AnyContractProcedure> = InferSchemaInput<
  NonNullable<P["~orpc"]["inputSchema"]>
>;
type ContractOutput<P extends AnyContractProcedure> = InferSchemaOutput<
  NonNullable<P["~orpc"]["outputSchema"]>
>;
/** The answer's body as a test reads it: a file answer's bytes, a JSON answer parsed. */
export type OutputOf<P extends AnyContractProcedure> =
  ContractOutput<P> extends FileAnswer ? Uint8Array : ContractOutput<P>;

/**
 * A refused call's input: params typed by the contract (a refusal is about something real), the
 * body and query anything, for tests that send what the contract forbids.
 */
export type RefusedInputOf<P extends AnyContractProcedure> =
  InputOf<P> extends { params: infer Params }
    ? { params: Params; query?: Record<string, unknown>; body?: unknown }
    : { query?: Record<string, unknown>; body?: unknown } | undefined;

/** Extra request headers, for the few tests about them (`If-None-Match`, a foreign Origin). */
export interface CallOptions {
  headers?: Record<string, string>;
}

/**
 * The request an endpoint makes of `input` (the shared mapping the web and the CLI use): its
 * method, and its path under the origin with params and query, for tests about raw HTTP.
 */
export function requestOf(procedure: AnyContractProcedure, input: unknown): { method: string; path: string } {
  const { method, url } = contractRequest(procedure, input);
  return { method, path: url };
}

/**
 * The route an endpoint registers, as the server's route table lists it: `PATCH /api/teams/:teamId`.
 * The server turns the contract's path into Hono's with `honoPath` too, so the two cannot differ.
 */
export function routeOf(procedure: AnyContractProcedure): string {
  const { route } = procedure["~orpc"];
  return `${route.method ?? "GET"} /api${honoPath(route.path ?? "/")}`;
}

function send<T>(
  client: ApiClient,
  procedure: AnyContractProcedure,
  input: unknown,
  options: CallOptions,
): Promise<ApiAnswer<T>> {
  const { method, url, body, answer } = contractRequest(procedure, input);
  return client.request<T>(method, url, {
    ...(body === undefined ? {} : { body: body.value }),
    ...(options.headers ? { headers: options.headers } : {}),
    bytes: answer.kind === "file",
  });
}

/**
 * A typed call of one endpoint of the contract, as the given client (its session cookie or API key):
 * `await call(owner, contract.reviews.create, { params: { projectId }, body: { title } })`. The
 * input is checked by the type checker against the contract; the answer's body is typed as the
 * contract's answer (a file's bytes for a file answer). `fail` types the body as the API's error
 * shape, for tests of refusals.
 */
export function call<P extends AnyContractProcedure>(
  client: ApiClient,
  procedure: P,
  input: InputOf<P>,
  options: CallOptions = {},
): Promise<ApiAnswer<OutputOf<P>>> {
  return send(client, procedure, input, options);
}

export function fail<P extends AnyContractProcedure>(
  client: ApiClient,
  procedure: P,
  input: RefusedInputOf<P>,
  options: CallOptions = {},
): Promise<ApiAnswer<ErrorBody>> {
  return send(client, procedure, input, options);
}
