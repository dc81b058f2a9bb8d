import type { Core } from "../modules/feature-module.ts";
import { reviewRoutes } from "./routes.ts";
import { createReviewService } from "./service.ts";

export function reviewsModule({ db, access, events }: Core) {
  return { name: "reviews", routes: reviewRoutes(createReviewService({ db, access, events })) };
}
