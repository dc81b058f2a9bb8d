import { Hono } from "hono";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { honoPath } from "../../shared/contract/http-request.ts";
import { pathParams } from "../../shared/contract/path-params.ts";
import type { reviewsContract } from "../../shared/contract/reviews.ts";
import { changing, endpoint } from "../../shared/contract/route.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./app-env.ts";
import { type ContractAnswer, type ContractInput, contractRoutes } from "./contract-routes.ts";

const notes = {
  create: endpoint
    .route({ method: "POST", path: "/projects/{projectId}/notes", successStatus: 201, summary: "Add a note" })
    .errors(changing)
    .input(
      z.object({
        params: pathParams("projectId"),
        query: z.object({ pin: z.enum(["yes", "no"]).default("no") }),
        body: z.object({ text: z.string().trim().min(1, "Text is required") }),
      }),
    )
    .output(z.object({ id: z.string(), text: z.string(), pinned: z.boolean() })),
  remove: endpoint
    .route({ method: "DELETE", path: "/notes/{id}", successStatus: 204 })
    .input(z.object({ params: pathParams("id") })),
};

const PROJECT = "0b4f7a8e-9a53-4d3e-8f4e-2b1b7c6d5e4f";

function app() {
  const removed: string[] = [];
  const routes = contractRoutes(notes, {
    create: ({ params, query, body }) => ({
      id: params.projectId,
      text: body.text,
      pinned: query.pin === "yes",
    }),
    remove: ({ params }) => {
      removed.push(params.id);
    },
  });
  const server = new Hono<AppEnv>().route("/api", routes);
  server.onError((error, c) =>
    error instanceof AppError
      ? c.json(error.toBody(), error.status)
      : c.json({ unexpected: String(error) }, 500),
  );
  return { server, removed };
}

describe("routes derived from a contract", () => {
  it("writes the contract's path the way Hono routes it", () => {
    expect(honoPath("/reviews/{reviewId}/keys/{keyId}")).toBe("/reviews/:reviewId/keys/:keyId");
  });

  it("serves the method and path with the validated params, query and body, and the contract's status", async () => {
    const { server } = app();
    const answer = await server.request(`/api/projects/${PROJECT}/notes?pin=yes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "  Hello  " }),
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ id: PROJECT, text: "Hello", pinned: true });
  });

  it("refuses a bad body with the schema's own message in the API's error shape, before the handler", async () => {
    const { server } = app();
    const answer = await server.request(`/api/projects/${PROJECT}/notes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "   " }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: { code: "validation_failed", message: "Text is required" },
    });
  });

  it("names a path parameter that breaks its rule", async () => {
    const { server, removed } = app();
    const answer = await server.request("/api/notes/xyz", { method: "DELETE" });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: { code: "bad_request", message: '"xyz" is not a valid id' },
    });
    expect(removed).toEqual([]);
  });

  it("answers 204 without a body when the contract says so", async () => {
    const { server, removed } = app();
    const answer = await server.request(`/api/notes/${PROJECT}`, { method: "DELETE" });
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe("");
    expect(removed).toEqual([PROJECT]);
  });

  it("types a handler's input and answer from the contract, so a renamed field fails the type check", () => {
    expectTypeOf<ContractInput<typeof reviewsContract.create>["body"]["title"]>().toEqualTypeOf<string>();
    expectTypeOf<ContractAnswer<typeof reviewsContract.get>>().toHaveProperty("languagesDone");
    const routes = contractRoutes(notes, {
      // @ts-expect-error the contract's answer has `text`, not `body`
      create: ({ body }) => ({ id: "n1", body: body.text, pinned: false }),
      remove: () => undefined,
    });
    expect(new Set(routes.routes.map((route) => `${route.method} ${route.path}`))).toEqual(
      new Set(["POST /projects/:projectId/notes", "DELETE /notes/:id"]),
    );
  });
});
