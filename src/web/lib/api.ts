import { createORPCClient } from "@orpc/client";
import type { ContractRouterClient } from "@orpc/contract";
import { createTanstackQueryUtils } from "@orpc/tanstack-query";
import { type Contract, contract } from "../../shared/contract/index.ts";
import { ContractLink } from "./contract-link.ts";

/** Every API call of the web, typed by the contract: `api.reviews.get({ params: { reviewId } })`. */
export const api: ContractRouterClient<Contract> = createORPCClient(new ContractLink(contract));

/**
 * TanStack Query options and keys derived from the contract: the one query-key convention.
 * `orpc.reviews.get.queryOptions({ input })`, `orpc.reviews.get.queryKey({ input })` for one
 * answer, `orpc.reviews.key()` for every cached answer of a feature (to refresh them together).
 */
export const orpc = createTanstackQueryUtils(api);
