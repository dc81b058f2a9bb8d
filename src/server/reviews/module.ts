import type { Core } from "../modules/feature-module.ts";
import { reviewerProcedures } from "./agent-procedures.ts";
import { createKeyReviews } from "./key-reviews.ts";
import { reviewRoutes } from "./routes.ts";
import { createReviewService } from "./service.ts";

export function reviewsModule(
  { db, access, events }: Core,
  deps: { onCompleted?: (projectId: string, userId: string) => void } = {},
) {
  const reviews = createReviewService({ db, access, events, ...deps });
  return {
    name: "reviews",
    routes: reviewRoutes(reviews),
    keyProcedures: reviewerProcedures(createKeyReviews({ db, judge: reviews.judge })),
  };
}
