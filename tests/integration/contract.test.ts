import type { AnyContractProcedure } from "@orpc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type AppServer, startAppServer } from "../helpers/app-server.ts";

let app: AppServer;

beforeAll(async () => {
  app = await startAppServer({});
});

afterAll(async () => {
  await app?.stop();
});

/** Every endpoint of the contract, named `feature.name`. */
function endpoints(): [string, AnyContractProcedure][] {
  return Object.entries(contract).flatMap(([feature, procedures]) =>
    Object.entries(procedures as Record<string, AnyContractProcedure>).map(
      ([name, procedure]) => [`${feature}.${name}`, procedure] as [string, AnyContractProcedure],
    ),
  );
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { summary?: string; requestBody?: unknown; responses: Record<string, unknown> }>
  >;
}

describe("the contract", () => {
  it("is what the server serves: each endpoint's method and path is a route", () => {
    const served = new Set(app.server.routes.map((route) => `${route.method} ${route.path}`));
    for (const [name, procedure] of endpoints()) {
      const { method, path } = procedure["~orpc"].route;
      expect(served, name).toContain(`${method} /api${path?.replace(/\{([^}]+)\}/g, ":$1")}`);
    }
  });

  it("is what the API reference documents: summary, body, answer and errors of each endpoint", async () => {
    const response = await fetch(`${app.url}/api/openapi.json`);
    const document = (await response.json()) as OpenApiDocument;
    for (const [name, procedure] of endpoints()) {
      const { route, inputSchema, errorMap } = procedure["~orpc"];
      const operation = document.paths[route.path ?? ""]?.[(route.method ?? "").toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation?.summary, name).toBe(route.summary);
      const statuses = Object.keys(operation?.responses ?? {});
      expect(statuses, name).toContain(String(route.successStatus ?? 200));
      for (const error of Object.values(errorMap as Record<string, { status: number }>)) {
        expect(statuses, name).toContain(String(error.status));
      }
      const hasBody = JSON.stringify(
        Object.keys((inputSchema as { shape?: object } | undefined)?.shape ?? {}),
      );
      expect(operation?.requestBody !== undefined, name).toBe(hasBody.includes('"body"'));
    }
  });
});
