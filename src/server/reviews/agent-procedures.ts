import { v1Contract } from "../../shared/contract/v1.ts";
import { keyProcedure } from "../http/key-procedures.ts";
import type { KeyReviews } from "./key-reviews.ts";

/**
 * The reviewer's procedures of the public API (issue 36), for a key with the review scope: REST
 * routes under /api/v1 and MCP tools. The key's project is the only one they see.
 */
export function reviewerProcedures(reviews: KeyReviews) {
  const { reviewer } = v1Contract;
  return [
    keyProcedure(reviewer.listReviews, ({ query }, { apiKey }) => reviews.list(apiKey.project_id, query)),
    keyProcedure(reviewer.listReviewKeys, ({ params, query }, { apiKey }) =>
      reviews.pendingKeys(apiKey.project_id, params.reviewId, query),
    ),
    keyProcedure(reviewer.setVerdict, ({ params, body }, { apiKey, agent }) =>
      reviews.setVerdict(apiKey.project_id, params.reviewId, body, agent),
    ),
  ];
}
