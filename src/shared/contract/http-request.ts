import type { AnyContractProcedure, AnyContractRouter } from "@orpc/contract";
import type { z } from "zod";
import { fileMediaType, isMultipart } from "./media.ts";
import { fillPath } from "./path-params.ts";

/**
 * The one mapping from a contract endpoint and its input to HTTP. The server registers each
 * endpoint at `honoPath(route.path)`; every client (the web's link, the CLI, the tests' client)
 * builds its request with `contractRequest`, so a path, a query or a body kind cannot differ
 * between the two sides.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A contract's detailed input: the parts HTTP carries separately. */
export interface DetailedInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface ContractRequest {
  method: HttpMethod;
  /** The path under the origin: the prefix, the path with its params filled in, and the query. */
  url: string;
  /** JSON bodies as values (the caller serializes them), multipart bodies as FormData. */
  body: { kind: "json"; value: unknown } | { kind: "form"; value: FormData } | undefined;
  /** What the answer is: JSON checked by `schema`, a file's bytes, or nothing (204). */
  answer: { kind: "json"; schema: z.ZodType } | { kind: "file"; mediaType: string } | { kind: "none" };
}

/** `/reviews/{reviewId}` as Hono writes it: `/reviews/:reviewId`. */
export function honoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ":$1");
}

/** The procedure at `path` of a router (`["reviews", "get"]`), as oRPC's client names it. */
export function procedureAt(router: AnyContractRouter, path: readonly string[]): AnyContractProcedure {
  let node: unknown = router;
  for (const segment of path) node = (node as Record<string, unknown> | undefined)?.[segment];
  if (!node || typeof node !== "object" || !("~orpc" in node)) {
    throw new Error(`No contract for ${path.join(".")}`);
  }
  return node as AnyContractProcedure;
}

/** The schema of the `body` part of a detailed input, when there is one. */
export function bodySchemaOf(procedure: AnyContractProcedure): z.ZodType | undefined {
  return (procedure["~orpc"].inputSchema as { shape?: { body?: z.ZodType } } | undefined)?.shape?.body;
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

/** The request `procedure` makes of `input`, under `prefix` (the API's mount point). */
export function contractRequest(
  procedure: AnyContractProcedure,
  input: unknown,
  prefix = "/api",
): ContractRequest {
  const { route, outputSchema } = procedure["~orpc"];
  const { params, query, body } = (input ?? {}) as DetailedInput;
  const schema = bodySchemaOf(procedure);
  const mediaType = outputSchema === undefined ? undefined : fileMediaType(outputSchema as z.ZodType);
  return {
    // Contracts use these methods only (no HEAD or OPTIONS endpoints).
    method: (route.method ?? "GET") as HttpMethod,
    url: `${prefix}${fillPath(route.path ?? "/", params)}${queryString(query)}`,
    body:
      body === undefined
        ? undefined
        : schema && isMultipart(schema)
          ? { kind: "form", value: formDataOf(body as Record<string, unknown>) }
          : { kind: "json", value: body },
    answer:
      outputSchema === undefined
        ? { kind: "none" }
        : mediaType
          ? { kind: "file", mediaType }
          : { kind: "json", schema: outputSchema as z.ZodType },
  };
}
