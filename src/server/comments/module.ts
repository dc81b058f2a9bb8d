import type { Core } from "../modules/feature-module.ts";
import { commentRoutes } from "./routes.ts";
import { createCommentService } from "./service.ts";

export function commentsModule({ db, access, events, mailer, logger, config, limiter }: Core) {
  const service = createCommentService({
    db,
    access,
    events,
    mailer,
    logger,
    publicUrl: config.publicUrl,
    limiter,
    limits: {
      perThreadRecipient: config.MENTION_EMAILS_PER_10_MINUTES_PER_THREAD_RECIPIENT,
      perHourPerAuthor: config.MENTION_EMAILS_PER_HOUR_PER_AUTHOR,
    },
  });
  return { name: "comments", routes: commentRoutes(service) };
}
