import { strFromU8, unzipSync } from "fflate";
import { expect } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import type { ErrorBody } from "../../src/shared/schemas/error.ts";
import { API_KEY_HEADER } from "../../src/shared/schemas/pull.ts";
import type { ImportResult } from "../../src/shared/schemas/transfer.ts";
import { type ApiAnswer, ApiClient } from "./api-client.ts";
import { type CallOptions, call, fail, type InputOf } from "./contract-client.ts";

/** The Import dialog's fields besides the file. */
export type ImportFields = Omit<InputOf<typeof contract.transfer.import>["body"], "file">;
/** The Export dialog's options. */
export type ExportOptions = InputOf<typeof contract.transfer.export>["body"];
/** A pull's body, as the contract takes it. */
export type PullBody = InputOf<typeof v1Contract.pull>["body"];

/**
 * A file imported as the Import dialog sends it. A refusal's body is the error shape, so the answer
 * may carry `error` (tests of refused files read its message).
 */
export function upload(
  client: ApiClient,
  projectId: string,
  name: string,
  bytes: Uint8Array | string,
  fields: ImportFields,
  options?: CallOptions,
): Promise<ApiAnswer<ImportResult & Partial<ErrorBody>>> {
  const file = new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name);
  return call(
    client,
    contract.transfer.import,
    { params: { projectId }, body: { ...fields, file } },
    options,
  );
}

/** The Export dialog's zip, as path → bytes. Throws on an error answer. */
export async function exportFiles(
  client: ApiClient,
  projectId: string,
  body: ExportOptions,
  options: CallOptions = {},
): Promise<Record<string, Uint8Array>> {
  const answer = await call(client, contract.transfer.export, { params: { projectId }, body }, options);
  if (answer.status !== 200) throw new Error(`export failed: ${answer.status} ${strFromU8(answer.body)}`);
  return unzipSync(answer.body);
}

/** The Export dialog's zip, as path → text. */
export async function exportTexts(
  client: ApiClient,
  projectId: string,
  body: ExportOptions,
  options: CallOptions = {},
): Promise<Record<string, string>> {
  const files = await exportFiles(client, projectId, body, options);
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

/** A client as CI calls the public API: its API key (if any) in every request, no cookie, no Origin. */
export function keyClient(baseUrl: string, key?: string): ApiClient {
  return new ApiClient(baseUrl, key === undefined ? {} : { [API_KEY_HEADER]: key });
}

/** A pull's answer: the file's bytes, read as text or JSON when a test wants them so. */
export interface PullAnswer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
  json: () => unknown;
}

export interface PullOptions {
  key?: string;
  /** Extra headers: `If-None-Match`, a foreign Origin, a cookie. */
  headers?: Record<string, string>;
}

function pullAnswerOf({ status, headers, body }: ApiAnswer<unknown>): PullAnswer {
  // The typed client reads every answer of a file endpoint as bytes, a refusal's JSON too (though
  // `fail` types that body as the error shape); a body already parsed is taken as it is.
  const bytes = body instanceof Uint8Array ? body : new TextEncoder().encode(JSON.stringify(body));
  const text = new TextDecoder().decode(bytes);
  return { status, headers, bytes, text, json: () => JSON.parse(text) };
}

function pullOptions(options: PullOptions): CallOptions {
  return options.headers ? { headers: options.headers } : {};
}

/** A pull as CI sends it (`v1Contract.pull`): no cookie, no Origin unless given. */
export async function pullFrom(
  baseUrl: string,
  body: PullBody,
  options: PullOptions = {},
): Promise<PullAnswer> {
  const client = keyClient(baseUrl, options.key);
  return pullAnswerOf(await call(client, v1Contract.pull, { body }, pullOptions(options)));
}

/**
 * A pull the server should refuse, its body anything the contract forbids: the answer's body is the
 * error shape.
 */
export async function refusedPull(
  baseUrl: string,
  body: unknown,
  options: PullOptions = {},
): Promise<ApiAnswer<ErrorBody>> {
  const client = keyClient(baseUrl, options.key);
  const { status, headers, text } = pullAnswerOf(
    await fail(client, v1Contract.pull, { body }, pullOptions(options)),
  );
  return { status, headers, body: JSON.parse(text) };
}

/** A project API key, as Project Settings → API Access creates it. */
export async function createApiKey(owner: ApiClient, projectId: string, name?: string) {
  const created = await call(owner, contract.apiKeys.create, {
    params: { projectId },
    body: name === undefined ? {} : { name },
  });
  expect(created.status).toBe(201);
  return created.body;
}
