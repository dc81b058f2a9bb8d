import type { AnyContractProcedure, InferSchemaInput, InferSchemaOutput } from "@orpc/contract";
import type { z } from "zod";
import { honoPath } from "../../src/server/http/contract-routes.ts";
import { isMultipart } from "../../src/shared/contract/media.ts";
import { fillPath } from "../../src/shared/contract/path-params.ts";
import type { ErrorBody } from "../../src/shared/schemas/error.ts";
import type { ApiAnswer, ApiClient } from "./api-client.ts";

export type InputOf<P extends AnyContractProcedure> = InferSchemaInput<
  NonNullable<P["~orpc"]["inputSchema"]>
>;
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
 * The route an endpoint registers, as the server's route table lists it: `PATCH /api/teams/:teamId`.
 * The server turns the contract's path into Hono's with `honoPath` too, so the two cannot differ.
 */
export function routeOf(procedure: AnyContractProcedure): string {
  const { route } = procedure["~orpc"];
  return `${route.method ?? "GET"} /api${honoPath(route.path ?? "/")}`;
}

/**
 * The body an endpoint is sent for `input`: a multipart body (the import) as FormData, files as they
 * are and the other fields as text, as the web's client sends it; every other body as it is, for JSON.
 */
export function bodyOf(procedure: AnyContractProcedure, input: unknown): unknown {
  const { body } = (input ?? {}) as DetailedInput;
  const schema = (procedure["~orpc"].inputSchema as { shape?: { body?: z.ZodType } } | undefined)?.shape
    ?.body;
  if (body === undefined || schema === undefined || !isMultipart(schema)) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value !== undefined) form.set(name, value instanceof Blob ? value : String(value));
  }
  return form;
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
