import { describe, expect, it } from "vitest";
import type { ApiKeyRow } from "../api-keys/service.ts";
import { clientHoldsOf, pullRoutes } from "./routes.ts";
import type { ClientHolds, PullAnswer, PullService } from "./service.ts";

const apiKey: ApiKeyRow = {
  id: "key-1",
  project_id: "project-1",
  name: null,
  client_name: null,
  key_hash: "hash",
  key_prefix: "sk_",
  created_by: null,
  created_at: new Date(),
  last_used_at: null,
  scopes: ["pull"],
};

/** A pull service that answers the given data and keeps the question the route asked it. */
function fakePull(answer: PullAnswer) {
  const asked: { clientHolds?: ClientHolds } = {};
  const service: PullService = {
    authorize: async () => apiKey,
    pull: async (_key, _body, clientHolds) => {
      asked.clientHolds = clientHolds;
      return answer;
    },
  };
  return { service, asked };
}

const request = (headers: Record<string, string> = {}) =>
  new Request("http://sprog.test/v1/pull", {
    method: "POST",
    headers: { "x-api-key": "sk_test", "content-type": "application/json", ...headers },
    body: JSON.stringify({ format: "json", placeholderFormat: "web", language: "de" }),
  });

/** No branch is named in these requests: every one reads main. */
const onMainOnly = { scopeForKey: async () => undefined };

describe("the pull route speaks HTTP for the service's data", () => {
  it("'not-modified' is a 304 with the ETag and no body", async () => {
    const { service } = fakePull({ kind: "not-modified", etag: '"abc"' });

    const response = await pullRoutes(service, onMainOnly).request(request({ "if-none-match": '"abc"' }));

    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe('"abc"');
    expect(await response.text()).toBe("");
  });

  it("'file' is a 200 with the file, its type, name and ETag", async () => {
    const bytes = new TextEncoder().encode('{"a":"A"}');
    const { service } = fakePull({
      kind: "file",
      etag: '"def"',
      bytes,
      contentType: "application/json; charset=utf-8",
      fileName: "de.json",
    });

    const response = await pullRoutes(service, onMainOnly).request(request());

    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"def"');
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="de.json"');
    expect(await response.text()).toBe('{"a":"A"}');
  });

  it("hands the service If-None-Match as a question about ETags, not as a header", async () => {
    const { service, asked } = fakePull({ kind: "not-modified", etag: '"abc"' });

    await pullRoutes(service, onMainOnly).request(request({ "if-none-match": 'W/"old", "abc"' }));

    expect(asked.clientHolds?.('"abc"')).toBe(true);
    expect(asked.clientHolds?.('"old"')).toBe(true);
    expect(asked.clientHolds?.('"new"')).toBe(false);
  });
});

describe("clientHoldsOf(If-None-Match)", () => {
  it("holds nothing without the header", () => {
    expect(clientHoldsOf(undefined)('"a"')).toBe(false);
    expect(clientHoldsOf("")('"a"')).toBe(false);
  });

  it("holds every ETag for *", () => {
    expect(clientHoldsOf("*")('"a"')).toBe(true);
  });

  it("compares weakly: W/ is dropped, each of a list counts", () => {
    const holds = clientHoldsOf(' W/"a" ,"b"');
    expect(holds('"a"')).toBe(true);
    expect(holds('"b"')).toBe(true);
    expect(holds('"c"')).toBe(false);
  });
});
