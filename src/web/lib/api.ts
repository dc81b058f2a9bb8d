import { createORPCClient } from "@orpc/client";
import type { ContractRouterClient } from "@orpc/contract";
import { type Contract, contract } from "../../shared/contract/index.ts";
import { ContractLink } from "./contract-link.ts";

/**
 * Every API call of the web, typed by the contract: `api.reviews.get({ params: { reviewId } })`.
 * Features wrap these calls in TanStack Query options with a key from `queryKeys` (query-keys.ts),
 * whose prefixes group what one change must refresh across features.
 */
export const api: ContractRouterClient<Contract> = createORPCClient(new ContractLink(contract));
