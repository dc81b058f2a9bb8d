import { type ClientLink, createORPCClient } from "@orpc/client";
import type { ContractRouterClient } from "@orpc/contract";
import { type Contract, contract } from "../../shared/contract/index.ts";
import { branchOfCall, type CallContext } from "./branch-scope.ts";
import { ContractLink } from "./contract-link.ts";

type ApiLink = ClientLink<CallContext>;

let link: ApiLink = new ContractLink(contract);

/**
 * Puts `next` in place of the link every `api` call goes through and hands back the one it replaced.
 * Component tests answer per procedure this way (src/web/test/mock-api.ts) instead of faking HTTP.
 */
export function replaceApiLink(next: ApiLink): ApiLink {
  const previous = link;
  link = next;
  return previous;
}

/**
 * Every API call of the web, typed by the contract: `api.reviews.get({ params: { reviewId } })`.
 * Features wrap these calls in TanStack Query options with a key from `queryKeys` (query-keys.ts),
 * whose prefixes group what one change must refresh across features.
 */
export const api: ContractRouterClient<Contract, CallContext> = createORPCClient({
  call: (path, input, options) => {
    // A call that names its branch (`{ context: { branch } }`) keeps it: the Releases screen's Publish.
    const branch = options.context?.branch ?? branchOfCall(path);
    return link.call(path, input, branch === undefined ? options : { ...options, context: { branch } });
  },
});
