import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { describeRoute } from "hono-openapi";
import { type ProjectEvent, STREAM_ENDED_EVENT } from "../../shared/events.ts";
import type { AuthService } from "../auth/service.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/app-env.ts";
import { problems } from "../http/openapi.ts";
import { authHeaders } from "../http/session.ts";
import type { Access } from "../teams/access.ts";
import { ClientPacer } from "./client-pacer.ts";
import type { EventBus } from "./event-bus.ts";
import type { AccessVerdict, StreamWatch } from "./stream-watch.ts";

const HEARTBEAT_MS = 25_000;

export function eventRoutes(authService: AuthService, access: Access, bus: EventBus, watch: StreamWatch) {
  return new Hono<AppEnv>().get(
    "/projects/:id/events",
    describeRoute({
      tags: ["Realtime"],
      summary: "Server-Sent Events of the project's string and key changes",
      description: `Event names: string.updated, key.created, key.updated, key.deleted, project.updated (src/shared/events.ts). At most 5 string updates per 2 s per viewer; other updates come in a batch after 2 s. The stream ends when the viewer's access ends (signed out, removed from the team, the team deleted), after a last \`${STREAM_ENDED_EVENT}\` event. At most ${watch.limits.maxPerUser} open streams per user (429 beyond).`,
      responses: {
        200: { description: "text/event-stream" },
        401: problems[401],
        404: problems[404],
        429: problems[429],
      },
    }),
    async (c) => {
      const projectId = c.req.param("id");
      const userId = c.var.user.id;
      const { project } = await access.project(userId, projectId, "languages.view");
      // The cookie the stream was opened with: signing out that session ends this stream.
      const headers = authHeaders(c);
      const check = async (): Promise<AccessVerdict> => {
        const user = await authService.signedInUser(headers);
        if (user?.id !== userId) return "signed_out";
        try {
          await access.project(userId, projectId, "languages.view");
          return "ok";
        } catch (error) {
          if (error instanceof AppError && (error.code === "not_found" || error.code === "forbidden")) {
            return "access_ended";
          }
          throw error;
        }
      };
      const watched = watch.open({ userId, teamId: project.team_id, check });

      return streamSSE(c, async (stream) => {
        // Registered before the first await: an abort cannot come earlier and leave the slot taken.
        stream.onAbort(() => watched.close());
        let nextId = 0;
        const pacer = new ClientPacer((event: ProjectEvent) => {
          if (!watched.isOpen()) return;
          void stream.writeSSE({ event: event.type, data: JSON.stringify(event.data), id: String(++nextId) });
        });
        // One event at a time, in order, each behind the access check (cached, so usually no query).
        let delivering = Promise.resolve();
        const unsubscribe = bus.subscribe(projectId, (event) => {
          delivering = delivering.then(async () => {
            if (await watched.mayDeliver()) pacer.push(event);
          });
        });
        const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), HEARTBEAT_MS);
        try {
          await stream.writeSSE({ event: "ready", data: JSON.stringify({ projectId }) });
          const end = await watched.ended;
          if (end === "signed_out" || end === "access_ended") {
            await stream.writeSSE({ event: STREAM_ENDED_EVENT, data: JSON.stringify({ reason: end }) });
          }
        } finally {
          clearInterval(heartbeat);
          pacer.close();
          unsubscribe();
          watched.close();
        }
      });
    },
  );
}
