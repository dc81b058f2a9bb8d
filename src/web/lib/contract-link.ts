import type { ClientLink, ClientOptions } from "@orpc/client";
import type { AnyContractProcedure, AnyContractRouter } from "@orpc/contract";
import type { z } from "zod";
import { fileMediaType, isMultipart } from "../../shared/contract/media.ts";
import { fillPath } from "../../shared/contract/path-params.ts";
import { type ApiRequestOptions, apiRequest, apiRequestFile, apiRequestVoid } from "./api-client.ts";

interface DetailedInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function procedureAt(router: AnyContractRouter, path: readonly string[]): AnyContractProcedure {
  let node: unknown = router;
  for (const segment of path) node = (node as Record<string, unknown> | undefined)?.[segment];
  if (!node || typeof node !== "object" || !("~orpc" in node)) {
    throw new Error(`No contract for ${path.join(".")}`);
  }
  return node as AnyContractProcedure;
}

/** The schema of the `body` part of a detailed input, when there is one. */
function bodySchemaOf(inputSchema: unknown): z.ZodType {
  const shape = (inputSchema as { shape?: { body?: z.ZodType } }).shape;
  return shape?.body ?? (inputSchema as z.ZodType);
}

/** Multipart fields: files as they are, everything else as text (the server's schema reads text). */
function formDataOf(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    form.set(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * oRPC's client calls a contract procedure by its place in the router (`reviews.get`); this link
 * turns that into our one fetch wrapper: the contract's method and path, the params in the path,
 * the query string, a JSON body, the answer checked against the contract's schema, and the API's
 * error shape thrown as ApiError.
 */
export class ContractLink<T extends Record<never, never>> implements ClientLink<T> {
  constructor(
    private readonly router: AnyContractRouter,
    private readonly prefix = "/api",
  ) {}

  async call(path: readonly string[], input: unknown, options: ClientOptions<T>): Promise<unknown> {
    const { route, inputSchema, outputSchema } = procedureAt(this.router, path)["~orpc"];
    const { params, query, body } = (input ?? {}) as DetailedInput;
    const url = `${this.prefix}${fillPath(route.path ?? "/", params)}${queryString(query)}`;
    const request: ApiRequestOptions = {
      // Contracts use the methods our fetch wrapper sends (no HEAD or OPTIONS endpoints).
      method: (route.method ?? "GET") as ApiRequestOptions["method"],
      ...(body === undefined ? {} : { body }),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    if (body !== undefined && inputSchema && isMultipart(bodySchemaOf(inputSchema))) {
      request.body = formDataOf(body as Record<string, unknown>);
    }
    if (outputSchema === undefined) return apiRequestVoid(url, request);
    if (fileMediaType(outputSchema as z.ZodType)) return apiRequestFile(url, request);
    return apiRequest(url, outputSchema as z.ZodType, request);
  }
}
