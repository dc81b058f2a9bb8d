import { CliError, EXIT, usage } from "./exit.mjs";

/** The answer's error message: Sprog's `{ error: { message } }`, or the start of whatever came. */
export async function errorText(response) {
  const text = await response.text().catch(() => "");
  try {
    const body = JSON.parse(text);
    if (body?.error?.message) return body.error.message;
  } catch {
    // Not our error shape: a proxy's page, for example.
  }
  return text.trim().slice(0, 300) || response.statusText;
}

/** The server's refusal as the exit code CI relies on. */
export async function failure(response) {
  const message = await errorText(response);
  const { status } = response;
  if (status === 401) return new CliError(`API key refused (401): ${message}`, EXIT.unauthorized);
  if (status === 403) return new CliError(`API key not allowed (403): ${message}`, EXIT.unauthorized);
  if (status === 400 || status === 413 || status === 422) {
    return new CliError(`Bad request (${status}): ${message}`, EXIT.badRequest);
  }
  if (status === 429) {
    const wait = response.headers.get("retry-after");
    return new CliError(
      `Rate limited (429): ${message}${wait ? ` Retry after ${wait} s.` : ""}`,
      EXIT.rateLimited,
    );
  }
  return new CliError(`The server answered ${status}: ${message}`, EXIT.failed);
}

export function baseUrl(host, command) {
  let base;
  try {
    base = new URL(host);
  } catch {
    throw usage(`The host is not a URL: ${host}`, command);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:")
    throw usage(`The host must be http(s): ${host}`, command);
  return base.href.endsWith("/") ? base.href : `${base.href}/`;
}

/** SPROG_API_KEY, the only place the commands that read sprog.config.json take the key from. */
export function apiKeyFrom(env, command) {
  const key = env.SPROG_API_KEY?.trim();
  if (!key) throw usage("Missing SPROG_API_KEY: create a key in Project Settings → API Access", command);
  return key;
}

/** One request to the API-key routes; the answer when it is 2xx or 304, a CliError otherwise. */
export async function call(client, method, path, { body, headers = {} } = {}) {
  const url = new URL(`api/v1/${path}`, client.base);
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: { "x-api-key": client.apiKey, accept: "*/*", ...headers },
      body,
      signal: AbortSignal.timeout(client.timeoutMs),
    });
  } catch (error) {
    const reason = error?.name === "TimeoutError" ? "timed out" : (error?.cause?.message ?? error?.message);
    throw new CliError(`Could not reach ${url.origin}: ${reason}`, EXIT.failed);
  }
  if (!response.ok && response.status !== 304) throw await failure(response);
  return response;
}

export async function callJson(client, method, path, options) {
  const response = await call(client, method, path, options);
  try {
    return await response.json();
  } catch {
    throw new CliError(`The server's answer to ${path} is not JSON`, EXIT.failed);
  }
}
