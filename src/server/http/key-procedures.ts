import type { AnyContractProcedure } from "@orpc/contract";
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { Authorize } from "../api-keys/authorize.ts";
import type { ApiKeyRow } from "../api-keys/queries.ts";
import type { AppEnv } from "./app-env.ts";
import { requestBodyLimit } from "./body-limit.ts";
import {
  type ContractAnswer,
  type ContractImplementations,
  type ContractInput,
  contractRoutes,
} from "./contract-routes.ts";

/**
 * Who calls a public API procedure: the project API key, and the name history and activity give
 * the caller: an MCP client's own name ("claude-code"), else the key's name (or its first
 * characters), e.g. a script with a `translate` key.
 */
export interface KeyCaller {
  apiKey: ApiKeyRow;
  agent: string;
}

/** An image an MCP tool's answer carries beside its JSON (a key's screenshots). */
export interface ToolImage {
  /** Base64 of the file. */
  data: string;
  mimeType: string;
}

/**
 * One /api/v1 procedure, written once and served twice: as a REST route (with its OpenAPI entry)
 * and, when its contract route has an `operationId`, as the MCP tool of that name. The key's scope
 * is the contract's security requirement, checked before `handle` runs either way.
 */
export interface KeyProcedure<P extends AnyContractProcedure = AnyContractProcedure> {
  procedure: P;
  handle: (input: ContractInput<P>, caller: KeyCaller) => Promise<ContractAnswer<P>>;
  /** MCP only: images to show the agent beside the answer. */
  images?: (answer: ContractAnswer<P>, caller: KeyCaller) => Promise<ToolImage[]>;
  /**
   * MCP only: a procedure without input that is also a resource at this URI (the glossary, the
   * tone of voice), read as its JSON answer.
   */
  resource?: { uri: string; name: string };
  /** A POST that changes nothing (it carries file contents): an MCP client may call it unasked. */
  readOnly?: boolean;
}

/** Types `handle` by its procedure; the list of a module's procedures keeps only what they share. */
export function keyProcedure<P extends AnyContractProcedure>(
  procedure: P,
  handle: KeyProcedure<P>["handle"],
  extra: Pick<KeyProcedure<P>, "images" | "resource" | "readOnly"> = {},
): KeyProcedure {
  return { procedure, handle, ...extra } as unknown as KeyProcedure;
}

/** The name of a procedure: its tool name, and its key among the REST routes. */
export function procedureName(procedure: AnyContractProcedure): string {
  const { route } = procedure["~orpc"];
  return route.operationId ?? `${route.method} ${route.path}`;
}

/** The caller of a REST request: the key its check found; a script goes by its key's name. */
export function restCaller(c: Context<AppEnv>): KeyCaller {
  const apiKey = c.var.apiKey;
  return { apiKey, agent: apiKey.name?.trim() || apiKey.key_prefix };
}

/** The REST face of a module's procedures, under /api/v1, their bodies within MAX_JSON_BODY_MB. */
export function keyProcedureRoutes(
  procedures: readonly KeyProcedure[],
  options: { authorize: Authorize; maxJsonBodyMb: number },
): Hono<AppEnv> {
  const { authorize, maxJsonBodyMb } = options;
  const contract: Record<string, AnyContractProcedure> = {};
  const implementations: ContractImplementations<Record<string, AnyContractProcedure>> = {};
  // The session API's limit sits behind its origin check, which /api/v1 answers before.
  const limit = requestBodyLimit({ jsonMb: maxJsonBodyMb, uploadMb: maxJsonBodyMb });
  for (const { procedure, handle } of procedures) {
    const name = procedureName(procedure);
    contract[name] = procedure;
    implementations[name] = {
      use: [limit],
      handle: (input, c) => {
        // An answer for one key's project: never kept by a shared cache.
        c.header("cache-control", "private, no-cache");
        return handle(input, restCaller(c));
      },
    };
  }
  return contractRoutes(contract, implementations, { authorize });
}

/** The parts of a detailed input (`params`, `query`, `body`) that are objects, as zod sees them. */
function objectParts(procedure: AnyContractProcedure): Record<string, z.ZodObject> {
  const schema = procedure["~orpc"].inputSchema;
  if (schema === undefined) return {};
  if (!(schema instanceof z.ZodObject))
    throw new Error(`${procedureName(procedure)}: input must be an object`);
  const parts: Record<string, z.ZodObject> = {};
  for (const [part, value] of Object.entries(schema.shape as Record<string, unknown>)) {
    if (!(value instanceof z.ZodObject))
      throw new Error(`${procedureName(procedure)}: its ${part} must be a z.object to be a tool`);
    parts[part] = value;
  }
  return parts;
}

/**
 * A tool's arguments are one flat object: the procedure's params, query and body fields side by
 * side, as an agent would name them. Two parts naming the same field would make that ambiguous.
 */
export function flatInputSchema(procedure: AnyContractProcedure): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [part, schema] of Object.entries(objectParts(procedure))) {
    for (const [field, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      if (field in shape) throw new Error(`${procedureName(procedure)}: ${field} is in two parts (${part})`);
      shape[field] = fieldSchema;
    }
  }
  return z.object(shape);
}

/** The flat arguments put back into the parts the procedure's handler reads. */
export function detailedInput(procedure: AnyContractProcedure, args: Record<string, unknown>): unknown {
  const input: Record<string, Record<string, unknown>> = {};
  for (const [part, schema] of Object.entries(objectParts(procedure))) {
    input[part] = Object.fromEntries(
      Object.keys(schema.shape).flatMap((field) => (field in args ? [[field, args[field]]] : [])),
    );
  }
  return input;
}
