import type { z } from "zod";
import { BRANCH_HEADER } from "../../shared/schemas/branches.ts";
import { type ErrorCode, errorBodySchema, errorCodeOfStatus } from "../../shared/schemas/error.ts";
import { noteOpeningRequest, takeEarlyAnswer } from "./early-answers.ts";

/** A failed API call: the HTTP status plus the server's stable error code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | "network_error" | "invalid_response";
  /** True when the message came from the server's error body (and is meant for the user). */
  readonly fromServer: boolean;
  /** The parsed error body, for answers that carry more than the error (e.g. a 409 with the current value). */
  readonly body: unknown;
  /** The HTTP reason phrase ("Internal Server Error"); empty without an answer or over HTTP/2. */
  readonly statusText: string;

  constructor(
    status: number,
    code: ApiError["code"],
    message: string,
    fromServer = false,
    body?: unknown,
    statusText = "",
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
    this.body = body;
    this.statusText = statusText;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for a failed call: the server's text when it gave one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message.trim() !== "") return error.message;
  return fallback;
}

/** The ApiError of a failed answer: the API's error shape when its body has one, else the status alone. */
export function apiErrorOf(status: number, body: unknown, statusText = ""): ApiError {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    return new ApiError(status, parsed.data.error.code, parsed.data.error.message, true, body, statusText);
  }
  return new ApiError(
    status,
    errorCodeOfStatus(status),
    statusText || "Request failed",
    false,
    undefined,
    statusText,
  );
}

/** The server could not be reached at all (offline, DNS, refused). */
export function unreachableError(): ApiError {
  return new ApiError(0, "network_error", "Could not reach the server. Check your connection.");
}

/** An answer that is not what the contract's schema says. */
export function unexpectedAnswerError(status: number): ApiError {
  return new ApiError(status, "invalid_response", "The server sent an unexpected answer.");
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** The branch's id the request runs on (issue 39); without it, main. */
  branch?: string;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.branch) headers[BRANCH_HEADER] = options.branch;
  const init: RequestInit = {
    method: options.method ?? "GET",
    credentials: "same-origin",
    headers,
    signal: options.signal ?? null,
  };
  if (options.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    // The early answers were asked for main: a branch's reads wait for their own.
    const early =
      init.method === "GET" && init.body === undefined && !options.branch ? takeEarlyAnswer(path) : undefined;
    if (init.method === "GET") noteOpeningRequest(path);
    response = await (early ?? fetch(path, init));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw unreachableError();
  }
  if (!response.ok) throw apiErrorOf(response.status, await readJson(response), response.statusText);
  return response;
}

/**
 * The one fetch wrapper every call goes through: JSON in and out, same-origin cookies, the error shape
 * turned into a thrown ApiError, and the answer checked against the schema of the contract.
 */
export async function apiRequest<TSchema extends z.ZodType>(
  path: string,
  schema: TSchema,
  options: ApiRequestOptions = {},
): Promise<z.output<TSchema>> {
  const response = await send(path, options);
  const body = await readJson(response);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw unexpectedAnswerError(response.status);
  }
  return parsed.data;
}

/** For calls that answer with a file: its bytes and the name the server gave it. */
export async function apiRequestFile(
  path: string,
  options: ApiRequestOptions = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(path, options);
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName };
}

/** For calls that answer without a body (204). */
export async function apiRequestVoid(path: string, options: ApiRequestOptions = {}): Promise<void> {
  await send(path, options);
}
