import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { describeRoute } from "hono-openapi";
import type { ProjectEvent } from "../../shared/events.ts";
import type { AuthService } from "../auth/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import { problems } from "../http/openapi.ts";
import { requireUser } from "../http/session.ts";
import type { Access } from "../teams/access.ts";
import { ClientPacer } from "./client-pacer.ts";
import type { EventBus } from "./event-bus.ts";

const HEARTBEAT_MS = 25_000;

export function eventRoutes(authService: AuthService, access: Access, bus: EventBus) {
  return new Hono<AppEnv>().get(
    "/projects/:id/events",
    describeRoute({
      tags: ["Realtime"],
      summary: "Server-Sent Events of the project's string and key changes",
      description:
        "Event names: string.updated, key.created, key.updated, key.deleted, project.updated (src/shared/events.ts). At most 5 string updates per 2 s per viewer; other updates come in a batch after 2 s.",
      responses: { 200: { description: "text/event-stream" }, 401: problems[401], 404: problems[404] },
    }),
    requireUser(authService),
    async (c) => {
      const projectId = c.req.param("id");
      await access.project(c.var.user.id, projectId, "languages.view");
      return streamSSE(c, async (stream) => {
        let nextId = 0;
        const pacer = new ClientPacer((event: ProjectEvent) => {
          void stream.writeSSE({ event: event.type, data: JSON.stringify(event.data), id: String(++nextId) });
        });
        const unsubscribe = bus.subscribe(projectId, (event) => pacer.push(event));
        const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ projectId }) });
        const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
        await closed;
        clearInterval(heartbeat);
        pacer.close();
        unsubscribe();
      });
    },
  );
}
