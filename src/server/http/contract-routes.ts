import type { AnyContractProcedure, InferSchemaInput, InferSchemaOutput } from "@orpc/contract";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { type DescribeRouteOptions, describeRoute, validator } from "hono-openapi";
import { z } from "zod";
import { honoPath } from "../../shared/contract/http-request.ts";
import { fileMediaTypes, isMultipart, MULTIPART } from "../../shared/contract/media.ts";
import { PATH_PARAMS, type PathParamName } from "../../shared/contract/path-params.ts";
import { apiKeyScopesOf } from "../../shared/contract/v1.ts";
import { API_KEY_HEADER } from "../../shared/schemas/pull.ts";
import type { Authorize, ScopeNeed } from "../api-keys/authorize.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./app-env.ts";
import { ok, problem } from "./openapi.ts";
import { formBody, jsonBody, parseJsonText, queryParams } from "./validate.ts";

type InputSchemaOf<P extends AnyContractProcedure> = NonNullable<P["~orpc"]["inputSchema"]>;
type OutputSchemaOf<P extends AnyContractProcedure> = NonNullable<P["~orpc"]["outputSchema"]>;

/** What a handler receives: the params, query and body as the contract's schemas parsed them. */
export type ContractInput<P extends AnyContractProcedure> = InferSchemaOutput<InputSchemaOf<P>>;
/** What a handler answers: the data the contract's answer schema accepts, or a Response of its own. */
export type ContractAnswer<P extends AnyContractProcedure> = InferSchemaInput<OutputSchemaOf<P>>;

type Handler = MiddlewareHandler<AppEnv>;

export type ContractHandler<P extends AnyContractProcedure> = (
  input: ContractInput<P>,
  c: Context<AppEnv>,
) => Promise<ContractAnswer<P> | Response> | ContractAnswer<P> | Response;

/** A handler with middlewares that run before the input is validated (rate limits, body limits). */
export interface ContractImplementation<P extends AnyContractProcedure> {
  use: MiddlewareHandler<AppEnv>[];
  handle: ContractHandler<P>;
}

export type ContractImplementations<R extends Record<string, AnyContractProcedure>> = {
  [K in keyof R]: ContractHandler<R[K]> | ContractImplementation<R[K]>;
};

function zodSchema(schema: unknown, what: string): z.ZodType {
  if (!(schema instanceof z.ZodType)) throw new Error(`${what} of a contract must be a zod schema`);
  return schema;
}

/** The contract's detailed input, split into the parts HTTP carries separately. */
function inputParts(procedure: AnyContractProcedure) {
  const schema = procedure["~orpc"].inputSchema;
  if (schema === undefined) return {};
  if (!(schema instanceof z.ZodObject))
    throw new Error("a contract's input must be z.object({ params, query, body })");
  const shape = schema.shape as Record<string, unknown>;
  return {
    params: shape.params === undefined ? undefined : zodSchema(shape.params, "params"),
    query: shape.query === undefined ? undefined : zodSchema(shape.query, "query"),
    body: shape.body === undefined ? undefined : zodSchema(shape.body, "body"),
  };
}

/** The same answer as the path check that runs before every route: the bad value, named. */
function pathParamsValidator(schema: z.ZodType) {
  return validator("param", schema, (result, c) => {
    if (result.success) return;
    const name = result.error[0]?.path?.[0];
    const rule =
      typeof name === "string" && name in PATH_PARAMS ? PATH_PARAMS[name as PathParamName] : undefined;
    const value = typeof name === "string" ? c.req.param(name) : undefined;
    throw new AppError("bad_request", `"${value}" is not a valid ${rule?.what ?? "parameter"}`);
  });
}

/** A multipart body's fields for the API reference: files as binary strings, the rest as text. */
function multipartDocumentation(body: z.ZodType) {
  const schema = z.toJSONSchema(body, {
    io: "input",
    unrepresentable: "any",
    override: (context) => {
      if (context.zodSchema._zod.def.type === "custom")
        Object.assign(context.jsonSchema, { type: "string", format: "binary" });
    },
  });
  // A plain JSON Schema where hono-openapi expects one it would resolve from a validator.
  return {
    required: true,
    content: { [MULTIPART]: { schema } },
  } as unknown as DescribeRouteOptions["requestBody"];
}

/** The API reference's entry, from the contract's route, answer and errors. */
function documentation(procedure: AnyContractProcedure) {
  const { route, outputSchema, errorMap } = procedure["~orpc"];
  const status = route.successStatus ?? 200;
  const description = route.successDescription ?? "OK";
  const output = outputSchema === undefined ? undefined : zodSchema(outputSchema, "output");
  const mediaTypes = output ? fileMediaTypes(output) : [];
  const file = { schema: { type: "string", format: "binary" } };
  const responses: Record<number, object> = {
    [status]:
      output === undefined
        ? { description }
        : mediaTypes.length > 0
          ? { description, content: Object.fromEntries(mediaTypes.map((type) => [type, file])) }
          : ok(output, description),
  };
  for (const entry of Object.values(errorMap as Record<string, { status?: number; message?: string }>)) {
    if (entry?.status) responses[entry.status] = problem(entry.message ?? "Error");
  }
  const body = inputParts(procedure).body;
  // What the contract adds to the generated operation: an API key's security requirement, headers.
  const { security, parameters } = typeof route.spec === "function" ? route.spec({}) : (route.spec ?? {});
  return describeRoute({
    ...(security ? { security } : {}),
    ...(parameters ? { parameters: parameters as DescribeRouteOptions["parameters"] } : {}),
    ...(body && isMultipart(body) ? { requestBody: multipartDocumentation(body) } : {}),
    ...(route.tags ? { tags: [...route.tags] } : {}),
    ...(route.operationId ? { operationId: route.operationId } : {}),
    ...(route.summary ? { summary: route.summary } : {}),
    ...(route.description ? { description: route.description } : {}),
    responses: responses as DescribeRouteOptions["responses"],
  });
}

/**
 * An API key endpoint's check, before anything else about the request is looked at: the key in
 * its header, with the scope the contract's security requirement names.
 */
function apiKeyCheck(name: string, scope: ScopeNeed, authorize: Authorize | undefined): MiddlewareHandler {
  if (!authorize) throw new Error(`contract ${name} needs an API key: give contractRoutes an authorize`);
  return async (c, next) => {
    c.set("apiKey", await authorize(c.req.header(API_KEY_HEADER), scope));
    await next();
  };
}

/**
 * A JSON body read whatever its Content-Type says: scripts post to the public API with
 * `curl -d`, which labels the body form data.
 */
function jsonText(schema: z.ZodType): MiddlewareHandler {
  return async (c, next) => {
    c.req.addValidatedData("json", parseJsonText(await c.req.text(), schema) as object);
    await next();
  };
}

/**
 * A feature's routes, derived from its contract: method and path, the validation of params, query
 * and body (with the API's one error shape), the answer's status, and the API reference entry. A
 * handler gets typed input and must answer what the contract says, so a renamed field fails the type
 * check here as it does in the web.
 */
export function contractRoutes<R extends Record<string, AnyContractProcedure>>(
  contract: R,
  implementations: ContractImplementations<R>,
  options: { authorize?: Authorize } = {},
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const name of Object.keys(contract) as (keyof R & string)[]) {
    const procedure = contract[name] as R[keyof R];
    const implementation = implementations[name];
    const { handle, use } =
      typeof implementation === "function" ? { handle: implementation, use: [] } : implementation;
    const { route } = procedure["~orpc"];
    if (!route.method || !route.path) throw new Error(`contract ${name} needs a method and a path`);
    const parts = inputParts(procedure);
    const scopes = apiKeyScopesOf(procedure);
    const scope = scopes.length > 0 ? scopes : undefined;
    const middlewares = [documentation(procedure)] as MiddlewareHandler[];
    if (scope) middlewares.push(apiKeyCheck(name, scope, options.authorize));
    middlewares.push(...(use as MiddlewareHandler[]));
    if (parts.params) middlewares.push(pathParamsValidator(parts.params) as MiddlewareHandler);
    if (parts.query) middlewares.push(queryParams(parts.query) as MiddlewareHandler);
    if (parts.body) {
      middlewares.push(
        (isMultipart(parts.body)
          ? formBody(parts.body)
          : scope
            ? jsonText(parts.body)
            : jsonBody(parts.body)) as MiddlewareHandler,
      );
    }
    const status = route.successStatus ?? 200;
    const respond: MiddlewareHandler<AppEnv> = async (c) => {
      const valid = c.req.valid.bind(c.req) as (target: "param" | "query" | "json" | "form") => unknown;
      const input = {
        ...(parts.params ? { params: valid("param") } : {}),
        ...(parts.query ? { query: valid("query") } : {}),
        ...(parts.body ? { body: valid(isMultipart(parts.body) ? "form" : "json") } : {}),
      } as ContractInput<typeof procedure>;
      const answer = await handle(input, c as Context<AppEnv>);
      if (answer instanceof Response) return answer;
      if (status === 204) return c.body(null, 204);
      return c.json(answer as object, status as 200);
    };
    // Registered as one route: the documentation and validators run only for this method and path.
    const handlers = [...middlewares, respond] as unknown as [Handler, ...Handler[]];
    app.on(route.method, honoPath(route.path), ...handlers);
  }
  return app;
}
