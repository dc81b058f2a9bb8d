import type { AnyContractProcedure, InferSchemaInput, InferSchemaOutput } from "@orpc/contract";
import { fillPath } from "../../src/shared/contract/path-params.ts";
import type { ErrorBody } from "../../src/shared/schemas/error.ts";
import type { ApiAnswer, ApiClient } from "./api-client.ts";

type InputOf<P extends AnyContractProcedure> = InferSchemaInput<NonNullable<P["~orpc"]["inputSchema"]>>;
type OutputOf<P extends AnyContractProcedure> = InferSchemaOutput<NonNullable<P["~orpc"]["outputSchema"]>>;

interface DetailedInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

/** The request a contract endpoint makes of `input`: its method, and its path with params and query. */
export function requestOf(procedure: AnyContractProcedure, input: unknown): { method: string; path: string } {
  const { route } = procedure["~orpc"];
  const { params, query } = (input ?? {}) as DetailedInput;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(name, String(value));
  const suffix = search.size > 0 ? `?${search}` : "";
  return { method: route.method ?? "GET", path: `/api${fillPath(route.path ?? "/", params)}${suffix}` };
}

/**
 * A typed call of one endpoint of the contract, as the given client (its session cookie):
 * `await call(owner, contract.reviews.create, { params: { projectId }, body: { title } })`. The
 * input is checked by the type checker against the contract; the answer's body is typed as the
 * contract's answer. `fail` types the body as the API's error shape, for tests of refusals.
 */
export function call<P extends AnyContractProcedure>(
  client: ApiClient,
  procedure: P,
  input: InputOf<P>,
): Promise<ApiAnswer<OutputOf<P>>> {
  const { method, path } = requestOf(procedure, input);
  const { body } = (input ?? {}) as DetailedInput;
  return client.request<OutputOf<P>>(method, path, body === undefined ? {} : { body });
}

export function fail<P extends AnyContractProcedure>(
  client: ApiClient,
  procedure: P,
  input: InputOf<P>,
): Promise<ApiAnswer<ErrorBody>> {
  const { method, path } = requestOf(procedure, input);
  const { body } = (input ?? {}) as DetailedInput;
  return client.request<ErrorBody>(method, path, body === undefined ? {} : { body });
}
