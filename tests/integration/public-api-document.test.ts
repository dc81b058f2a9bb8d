import type { AnyContractProcedure } from "@orpc/contract";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { honoPath } from "../../src/shared/contract/http-request.ts";
import { apiKeyScopesOf, PUBLIC_API_DOCUMENT_PATH, v1Contract } from "../../src/shared/contract/v1.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

let app: AppServer;
beforeAll(async () => {
  app = await startAppServer({});
});
afterAll(() => app?.stop());

async function documentAt(path: string): Promise<Document> {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

/** Every procedure of a contract tree, as `METHOD /path` under /api. */
function routesOf(tree: object): Map<string, AnyContractProcedure> {
  const routes = new Map<string, AnyContractProcedure>();
  for (const node of Object.values(tree)) {
    if ("~orpc" in node) {
      const { method, path } = (node as AnyContractProcedure)["~orpc"].route;
      routes.set(`${method} ${path}`, node as AnyContractProcedure);
    } else for (const [route, procedure] of routesOf(node)) routes.set(route, procedure);
  }
  return routes;
}

async function validationErrors(document: Document) {
  const result = await new Validator().validate(
    structuredClone(document) as unknown as Record<string, unknown>,
  );
  return result.valid ? [] : result.errors;
}

describe("the public API's OpenAPI document, /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, served without a key", async () => {
    const document = await documentAt(`/api${PUBLIC_API_DOCUMENT_PATH}`);
    expect(document.openapi).toBe("3.1.0");
    expect(await validationErrors(document)).toEqual([]);
  });

  it("describes every /api/v1 route the server answers, and nothing else", async () => {
    const document = await documentAt(`/api${PUBLIC_API_DOCUMENT_PATH}`);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const contract = [...routesOf(v1Contract).keys()];
    expect(documented.sort()).toEqual(contract.sort());
    const served = app.server.routes
      .filter(
        (route) => route.path.startsWith("/api/v1/") && route.path !== `/api${PUBLIC_API_DOCUMENT_PATH}`,
      )
      .map((route) => `${route.method} ${route.path}`);
    expect([...new Set(served)].sort()).toEqual(
      contract.map((route) => route.replace(/ (.*)$/, (_, path: string) => ` /api${honoPath(path)}`)).sort(),
    );
  });

  it("names the API key scheme, and on each operation the scope its key needs", async () => {
    const document = await documentAt(`/api${PUBLIC_API_DOCUMENT_PATH}`);
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
    for (const [route, procedure] of routesOf(v1Contract)) {
      const [method = "", path = ""] = route.split(" ");
      const operation = document.paths[path]?.[method.toLowerCase()];
      const scopes = apiKeyScopesOf(procedure);
      expect(scopes.length, route).toBeGreaterThan(0);
      expect(operation?.security, route).toEqual(scopes.map((scope) => ({ apiKey: [scope] })));
    }
    expect(document.paths["/v1/push"]?.post?.requestBody?.content).toHaveProperty(["multipart/form-data"]);
    expect(Object.keys(document.paths["/v1/pull"]?.post?.responses["200"]?.content ?? {})).toEqual([
      "application/json",
      "text/plain",
      "application/xml",
      "application/zip",
    ]);
  });

  it("is listed in the API reference beside the session API's document, which is valid too", async () => {
    const session = await documentAt("/api/openapi.json");
    expect(Object.keys(session.paths).filter((path) => path.startsWith("/v1/"))).toEqual([]);
    expect(await validationErrors(session)).toEqual([]);
    const page = await (await fetch(`${app.url}/api/docs`)).text();
    expect(page).toContain(`/api${PUBLIC_API_DOCUMENT_PATH}`);
  });
});
