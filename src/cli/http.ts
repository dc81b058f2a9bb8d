import type { AnySchema, ContractProcedure, ErrorMap, InferSchemaInput, Meta } from "@orpc/contract";
import type { z } from "zod";
import { contractRequest } from "../shared/contract/http-request.ts";
import type { ProjectStatus } from "../shared/schemas/push.ts";
import { CliError, EXIT, type ExitCode, usage } from "./exit.ts";

/**
 * The CLI's requests: each one built from the public API's contract (src/shared/contract/v1.ts)
 * with the mapping every client of the API shares, so a path, a method or a body kind cannot differ
 * from the server's; JSON answers are checked with the contract's answer schema.
 */

/** Where and how the commands call the API; `status` holds this run's GET /api/v1/status per branch. */
export interface ApiClient {
  /** The host, ending in `/`: the API is `api/…` below it. */
  base: string;
  apiKey: string;
  timeoutMs: number;
  /** By branch name, main's under "". */
  status?: Map<string, Promise<ProjectStatus>>;
}

/** An endpoint of the contract whose input is `I` and whose answer is `O` (a zod schema's). */
type Endpoint<I extends AnySchema, O extends AnySchema> = ContractProcedure<I, O, ErrorMap, Meta>;

/** The answer's error message: Sprog's `{ error: { message } }`, or the start of whatever came. */
export async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null && "error" in body) {
      const { error } = body;
      if (typeof error === "object" && error !== null && "message" in error && error.message)
        return String(error.message);
    }
  } catch {
    // Not our error shape: a proxy's page, for example.
  }
  return text.trim().slice(0, 300) || response.statusText;
}

/** A refusal of the server, with its status for the commands that answer one in their own words. */
export class ApiError extends CliError {
  readonly status: number;
  /** The server's message alone. */
  readonly serverMessage: string;

  constructor(message: string, exitCode: ExitCode, status: number, serverMessage: string) {
    super(message, exitCode);
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** The server's refusal as the exit code CI relies on. */
export async function failure(response: Response): Promise<ApiError> {
  const message = await errorText(response);
  const { status } = response;
  const refused = (text: string, exitCode: ExitCode) => new ApiError(text, exitCode, status, message);
  if (status === 401) return refused(`API key refused (401): ${message}`, EXIT.unauthorized);
  if (status === 403) return refused(`API key not allowed (403): ${message}`, EXIT.unauthorized);
  if (status === 400 || status === 413 || status === 422) {
    return refused(`Bad request (${status}): ${message}`, EXIT.badRequest);
  }
  if (status === 429) {
    const wait = response.headers.get("retry-after");
    return refused(
      `Rate limited (429): ${message}${wait ? ` Retry after ${wait} s.` : ""}`,
      EXIT.rateLimited,
    );
  }
  return refused(`The server answered ${status}: ${message}`, EXIT.failed);
}

/** The host as the base of the API's URLs; `hostName` is how a usage error names it. */
export function baseUrl(host: string, command: string, hostName = "The host"): string {
  let base: URL;
  try {
    base = new URL(host);
  } catch {
    throw usage(`${hostName} is not a URL: ${host}`, command);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:")
    throw usage(`${hostName} must be http(s): ${host}`, command);
  return base.href.endsWith("/") ? base.href : `${base.href}/`;
}

/** SPROG_API_KEY, the only place the commands that read sprog.config.json take the key from. */
export function apiKeyFrom(env: NodeJS.ProcessEnv, command: string): string {
  const key = env.SPROG_API_KEY?.trim();
  if (!key) throw usage("Missing SPROG_API_KEY: create a key in Project Settings → API Access", command);
  return key;
}

const reasonOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError") return "timed out";
  return error.cause instanceof Error ? error.cause.message : error.message;
};

/**
 * One request to the API-key routes; the answer when it is 2xx or 304, a CliError otherwise.
 * `headers` adds to the contract's request (If-None-Match).
 */
export async function call<I extends AnySchema, O extends AnySchema>(
  client: ApiClient,
  endpoint: Endpoint<I, O>,
  input: InferSchemaInput<I>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const request = contractRequest(endpoint, input);
  // Below the host's own path, as `${host}/api/v1/…` reads: a Sprog behind a proxy's prefix works.
  const url = new URL(`.${request.url}`, client.base);
  const { body } = request;
  const json = body?.kind === "json" ? JSON.stringify(body.value) : undefined;
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: {
        "x-api-key": client.apiKey,
        accept: "*/*",
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      // A form's content type (with its boundary) is fetch's to write.
      body: body?.kind === "form" ? body.value : json,
      signal: AbortSignal.timeout(client.timeoutMs),
    });
  } catch (error) {
    throw new CliError(`Could not reach ${url.origin}: ${reasonOf(error)}`, EXIT.failed);
  }
  if (!response.ok && response.status !== 304) throw await failure(response);
  return response;
}

/**
 * A JSON endpoint's answer, checked with the contract's answer schema: an answer this CLI was not
 * built for (another version's Sprog) stops it with a message, not a stack trace later.
 */
export async function callJson<I extends AnySchema, T>(
  client: ApiClient,
  endpoint: Endpoint<I, z.ZodType<T>>,
  input: InferSchemaInput<I>,
): Promise<T> {
  const { method = "GET", path = "/" } = endpoint["~orpc"].route;
  const response = await call(client, endpoint, input);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new CliError(`The server's answer to ${path.replace(/^\/v1\//, "")} is not JSON`, EXIT.failed);
  }
  const schema = endpoint["~orpc"].outputSchema;
  if (!schema) throw new Error(`The contract gives ${method} ${path} no answer schema`);
  const parsed = schema.safeParse(body, { reportInput: true });
  if (parsed.success) return parsed.data;
  const fields = (missing: boolean) => [
    ...new Set(
      parsed.error.issues
        .filter((issue) => (issue.code === "invalid_type" && issue.input === undefined) === missing)
        .map((issue) => issue.path.map(String).join(".") || "a JSON object"),
    ),
  ];
  const lacks = fields(true);
  const wrong = fields(false);
  const what = [
    ...(lacks.length > 0 ? [`lacks ${lacks.join(", ")}`] : []),
    ...(wrong.length > 0 ? [`has an unexpected ${wrong.join(", ")}`] : []),
  ].join(" and ");
  throw new CliError(
    `The server's answer to ${method} /api${path} ${what}: is it a Sprog of the same version as this CLI?`,
    EXIT.failed,
  );
}
