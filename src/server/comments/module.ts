import type { Core } from "../modules/feature-module.ts";
import { commentRoutes } from "./routes.ts";
import { createCommentService } from "./service.ts";

export function commentsModule({ db, access, events, mailer, logger, config }: Core) {
  const service = createCommentService({ db, access, events, mailer, logger, publicUrl: config.publicUrl });
  return { name: "comments", routes: commentRoutes(service) };
}
