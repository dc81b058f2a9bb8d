import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { PUBLIC_API_DOCUMENT_PATH, v1Contract } from "../../src/shared/contract/v1.ts";
import { PULL_ALIAS_PATH } from "../../src/shared/schemas/pull.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey, projectWithTwoKeys } from "../helpers/key-requests.ts";
import {
  createApiKey as createKey,
  keyClient,
  type PullAnswer,
  type PullBody,
  type PullOptions,
  pullFrom,
  refusedPull,
} from "../helpers/transfer.ts";

// The public pull API (spec point 7), with a project API key, and its compatible alias.
const api = apiAppForThisFile();

/** A pull as CI sends it, to this file's server. */
const pull = (body: PullBody, options: PullOptions = {}) => pullFrom(api().app.url, body, options);
/** A pull the server refuses (no key, a bad body). */
const refused = (body: unknown, options: PullOptions = {}) => refusedPull(api().app.url, body, options);
const projectWithStrings = () => projectWithTwoKeys(api());
/** The project's API keys, as Project Settings → API Access lists them. */
const keysOf = (client: ApiClient, projectId: string) =>
  call(client, contract.apiKeys.list, { params: { projectId } });

/**
 * A pull sent by hand to `path` with a raw body and headers (the alias, `curl -d`): the pull's
 * method from the contract, the bytes of its answer as the pull helpers read them.
 */
async function rawPull(
  path: string,
  rawBody: string,
  options: { key?: string; headers?: Record<string, string> } = {},
): Promise<PullAnswer> {
  const { method } = requestOf(v1Contract.pull, { body: {} });
  const answer = await keyClient(api().app.url, options.key).request<Uint8Array | object>(method, path, {
    rawBody,
    bytes: true,
    ...(options.headers ? { headers: options.headers } : {}),
  });
  // A refusal comes parsed (the API's JSON error); a file as its bytes.
  const bytes =
    answer.body instanceof Uint8Array ? answer.body : new TextEncoder().encode(JSON.stringify(answer.body));
  const text = new TextDecoder().decode(bytes);
  return {
    status: answer.status,
    headers: answer.headers,
    bytes,
    text,
    json: () => JSON.parse(text),
  };
}

describe("pull API", () => {
  it("answers one language's JSON file, placeholders converted, and notes the key's last use", async () => {
    const { owner, projectId, key } = await projectWithStrings();
    const web = await pull({ format: "json", placeholderFormat: "web", language: "de" }, { key: key.key });
    expect(web.status).toBe(200);
    expect(web.headers.get("content-type")).toContain("application/json");
    expect(web.headers.get("content-disposition")).toBe('attachment; filename="de.json"');
    expect(web.json()).toEqual({ "button.save": "Speichern", greeting: "Hallo {name}" });

    const ios = await pull({ format: "json", placeholderFormat: "ios", language: "de" }, { key: key.key });
    expect(ios.json()).toEqual({ "button.save": "Speichern", greeting: "Hallo %@" });
    const android = await pull(
      { format: "json", placeholderFormat: "android", language: "en" },
      { key: key.key },
    );
    expect(android.json()).toEqual({ "button.save": "Save", greeting: "Hello %1$s" });

    const list = await keysOf(owner, projectId);
    expect(list.body.keys[0]?.lastUsedAt).not.toBeNull();
  });

  it("answers iOS .strings and Android strings.xml", async () => {
    const { key } = await projectWithStrings();
    const strings = await pull(
      { format: "strings", placeholderFormat: "ios", language: "de" },
      { key: key.key },
    );
    expect(strings.status).toBe(200);
    expect(strings.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(strings.headers.get("content-disposition")).toBe('attachment; filename="de.strings"');
    expect(strings.text).toContain('"greeting" = "Hallo %@";');
    expect(strings.text).toContain('"button.save" = "Speichern";');

    const xml = await pull(
      { format: "android", placeholderFormat: "android", language: "de" },
      { key: key.key },
    );
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toContain("application/xml");
    expect(xml.headers.get("content-disposition")).toBe('attachment; filename="de.xml"');
    expect(xml.text).toMatch(/<string name="greeting">Hallo %1\$s<\/string>/);
  });

  it("answers translations.zip with every language when no language is given", async () => {
    const { key } = await projectWithStrings();
    const zip = await pull({ format: "json", placeholderFormat: "web" }, { key: key.key });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe('attachment; filename="translations.zip"');
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual(["de.json", "en.json"]);
    expect(JSON.parse(strFromU8(files["de.json"] as Uint8Array))).toEqual({
      "button.save": "Speichern",
      greeting: "Hallo {name}",
    });
  });

  it("refuses a missing, unknown or revoked key with 401 in the error shape", async () => {
    const { owner, key } = await projectWithStrings();
    const body: PullBody = { format: "json", placeholderFormat: "web" };
    const missing = await refused(body);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      error: { code: "unauthorized", message: expect.stringContaining("x-api-key") },
    });
    expect((await refused(body, { key: "" })).status).toBe(401);
    expect((await refused(body, { key: "nope" })).status).toBe(401);
    const unknown = await refused(body, { key: `sprog_${"0".repeat(48)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: { code: "unauthorized", message: "Invalid API key" } });
    // A missing key is refused before the body is looked at.
    expect((await refused({ format: "xml" })).status).toBe(401);

    expect((await pull(body, { key: key.key })).status).toBe(200);
    await call(owner, contract.apiKeys.revoke, { params: { id: key.id } });
    expect((await refused(body, { key: key.key })).status).toBe(401);
  });

  it("refuses a key without the pull scope with 403 saying which scope to give", async () => {
    const { owner, projectId } = await projectWithStrings();
    const pushOnly = await createScopedKey(owner, projectId, ["push"]);
    const answer = await refused({ format: "json", placeholderFormat: "web" }, { key: pushOnly.key });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      error: {
        code: "forbidden",
        message: "This API key may not pull: give it the pull scope in Project Settings → API Access",
      },
    });
    const both = await createScopedKey(owner, projectId, ["pull", "push"]);
    expect((await pull({ format: "json", placeholderFormat: "web" }, { key: both.key })).status).toBe(200);
  });

  it("answers 400 naming the allowed values for a bad format, placeholder format or language", async () => {
    const { key } = await projectWithStrings();
    const message = async (body: unknown) => {
      const answer = await refused(body, { key: key.key });
      expect(answer.status).toBe(400);
      return answer.body.error.message;
    };
    expect(await message({ format: "xml", placeholderFormat: "web" })).toBe(
      'format must be one of: json, strings, stringsdict, android (got "xml")',
    );
    expect(await message({ placeholderFormat: "web" })).toBe(
      "format is required; allowed values: json, strings, stringsdict, android",
    );
    expect(await message({ format: "json", placeholderFormat: "unified" })).toBe(
      'placeholderFormat must be one of: web, ios, android (got "unified")',
    );
    expect(await message({ format: "json" })).toBe(
      "placeholderFormat is required; allowed values: web, ios, android",
    );
    expect(await message({ format: "json", placeholderFormat: "web", language: "fr" })).toBe(
      `language must be one of the project's languages: en, de (got "fr")`,
    );
    // The edge's one text check, as every other body gets it (the old private reader skipped it).
    expect(await message({ format: "json", placeholderFormat: "web", language: "d\u0000e" })).toBe(
      "language: Text must not contain NUL characters",
    );
    const malformed = await rawPull(requestOf(v1Contract.pull, { body: {} }).path, "{not json", {
      key: key.key,
    });
    expect(malformed.status).toBe(400);
  });

  it("answers an ETag and 304 for If-None-Match until the project changes", async () => {
    const { owner, projectId, key, greetingId, saveId } = await projectWithStrings();
    const body: PullBody = { format: "json", placeholderFormat: "web", language: "de" };
    const first = await pull(body, { key: key.key });
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const again = await pull(body, { key: key.key, headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.headers.get("etag")).toBe(etag);
    // Weak and listed forms match too.
    expect((await pull(body, { key: key.key, headers: { "if-none-match": `"x", W/${etag}` } })).status).toBe(
      304,
    );
    // Other parameters are another file, with another ETag.
    const ios = await pull({ ...body, placeholderFormat: "ios" }, { key: key.key });
    expect(ios.headers.get("etag")).not.toBe(etag);
    const all = await pull({ format: "json", placeholderFormat: "web" }, { key: key.key });
    expect(all.headers.get("etag")).not.toBe(etag);

    // A string changes: a new ETag and the new text.
    const saved = await call(owner, contract.strings.save, {
      params: { keyId: greetingId, lang: "de" },
      body: { value: "Servus {name}", force: true },
    });
    expect(saved.status).toBe(200);
    const changed = await pull(body, { key: key.key, headers: { "if-none-match": etag ?? "" } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.json()).toMatchObject({ greeting: "Servus {name}" });

    // A deletion changes it too.
    const etag2 = changed.headers.get("etag") ?? "";
    expect((await call(owner, contract.keys.remove, { params: { keyId: saveId } })).status).toBeLessThan(300);
    const deleted = await pull(body, { key: key.key, headers: { "if-none-match": etag2 } });
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ greeting: "Servus {name}" });

    // So does renaming a key, and the source text the placeholders are converted against.
    const etag3 = deleted.headers.get("etag") ?? "";
    expect(
      (await call(owner, contract.keys.update, { params: { keyId: greetingId }, body: { key: "welcome" } }))
        .status,
    ).toBe(200);
    const renamed = await pull(body, { key: key.key, headers: { "if-none-match": etag3 } });
    expect(renamed.status).toBe(200);
    expect(renamed.json()).toEqual({ welcome: "Servus {name}" });

    // And the project's languages.
    const etag4 = renamed.headers.get("etag") ?? "";
    const languages = await call(owner, contract.projects.setLanguages, {
      params: { projectId },
      body: { languages: ["en", "de", "fr"] },
    });
    expect(languages.status).toBe(200);
    expect((await pull(body, { key: key.key, headers: { "if-none-match": etag4 } })).status).toBe(200);
  });

  it("works at the compatible alias path", async () => {
    const { key } = await projectWithStrings();
    const body = JSON.stringify({ format: "json", placeholderFormat: "web", language: "de" });
    const answer = await rawPull(PULL_ALIAS_PATH, body, { key: key.key });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ "button.save": "Speichern", greeting: "Hallo {name}" });
    expect(answer.headers.get("etag")).toBeTruthy();
    // `curl -d` labels the JSON as form data: it is read as JSON all the same.
    const curlStyle = await rawPull(PULL_ALIAS_PATH, body, {
      key: key.key,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(curlStyle.status).toBe(200);
    const missing = await rawPull(
      PULL_ALIAS_PATH,
      JSON.stringify({ format: "json", placeholderFormat: "web" }),
    );
    expect(missing.status).toBe(401);
    expect(missing.headers.get("content-type")).toContain("application/json");
  });

  it("is authorized by the key, not a cookie: a foreign Origin is fine, a session alone is not", async () => {
    const { owner, key } = await projectWithStrings();
    const body: PullBody = { format: "json", placeholderFormat: "web", language: "de" };
    const foreign = await pull(body, { key: key.key, headers: { origin: "https://ci.example.org" } });
    expect(foreign.status).toBe(200);
    // The session API still refuses that origin.
    const session = await fail(
      owner,
      contract.teams.create,
      { body: { name: "Other" } },
      { headers: { origin: "https://ci.example.org" } },
    );
    expect(session.status).toBe(403);
    // A signed-in browser without a key gets nothing.
    const cookieOnly = await refused(body, { headers: { cookie: owner.cookie } });
    expect(cookieOnly.status).toBe(401);
  });

  it("limits each key to 60 pulls a minute with 429 and Retry-After", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const key = await createKey(owner, projectId);
    const other = await createKey(owner, projectId);
    const body: PullBody = { format: "json", placeholderFormat: "web", language: "en" };
    for (let i = 0; i < 60; i++) {
      const answer = await pull(body, { key: key.key });
      expect(answer.status).toBe(200);
    }
    const limited = await refused(body, { key: key.key });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.error.code).toBe("rate_limited");
    // Per key: another key of the project still pulls.
    expect((await pull(body, { key: other.key })).status).toBe(200);
    api().app.clock.advance(61_000);
    expect((await pull(body, { key: key.key })).status).toBe(200);
  });

  it("serves the command-line client and documents the pull API in OpenAPI", async () => {
    const cli = await fetch(`${api().app.url}/cli/sprog.mjs`);
    expect(cli.status).toBe(200);
    expect(cli.headers.get("content-type")).toContain("javascript");
    expect(await cli.text()).toMatch(/^#!\/usr\/bin\/env node/);

    const pathsAt = async (path: string) =>
      Object.keys(((await (await fetch(`${api().app.url}${path}`)).json()) as { paths: object }).paths);
    // The keys in the session API's document, the pull in the public API's own.
    expect(await pathsAt("/api/openapi.json")).toEqual(
      expect.arrayContaining(["/projects/{projectId}/api-keys", "/api-keys/{id}"]),
    );
    expect(await pathsAt(`/api${PUBLIC_API_DOCUMENT_PATH}`)).toContain("/v1/pull");
  });
});
