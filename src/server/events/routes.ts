import { streamSSE } from "hono/streaming";
import { eventsContract } from "../../shared/contract/transfer.ts";
import { type ProjectEvent, STREAM_ENDED_EVENT } from "../../shared/events.ts";
import type { AuthService } from "../auth/service.ts";
import { currentBranch } from "../db/branch-scope.ts";
import { AppError } from "../errors.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import { authHeaders } from "../http/session.ts";
import type { Access } from "../teams/access.ts";
import { ClientPacer } from "./client-pacer.ts";
import type { EventBus } from "./event-bus.ts";
import type { AccessVerdict, StreamWatch } from "./stream-watch.ts";

const HEARTBEAT_MS = 25_000;

export function eventRoutes(authService: AuthService, access: Access, bus: EventBus, watch: StreamWatch) {
  return contractRoutes(eventsContract, {
    stream: async ({ params }, c) => {
      const projectId = params.projectId;
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
        // On a branch's page (the branch middleware set the scope): that branch's events only.
        const unsubscribe = bus.subscribe(
          projectId,
          (event) => {
            delivering = delivering.then(async () => {
              if (await watched.mayDeliver()) pacer.push(event);
            });
          },
          currentBranch()?.id,
        );
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
  });
}
