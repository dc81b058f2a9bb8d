import type { ClientLink, ClientOptions } from "@orpc/client";
import type { AnyContractRouter } from "@orpc/contract";
import { contractRequest, procedureAt } from "../../shared/contract/http-request.ts";
import { type ApiRequestOptions, apiRequest, apiRequestFile, apiRequestVoid } from "./api-client.ts";
import type { CallContext } from "./branch-scope.ts";

/**
 * oRPC's client calls a contract procedure by its place in the router (`reviews.get`); this link
 * sends the request the shared mapping (`contractRequest`) makes of it through our one fetch
 * wrapper: the answer checked against the contract's schema, and the API's error shape thrown as
 * ApiError.
 */
export class ContractLink<T extends CallContext> implements ClientLink<T> {
  constructor(
    private readonly router: AnyContractRouter,
    private readonly prefix = "/api",
  ) {}

  async call(path: readonly string[], input: unknown, options: ClientOptions<T>): Promise<unknown> {
    const { method, url, body, answer } = contractRequest(procedureAt(this.router, path), input, this.prefix);
    const request: ApiRequestOptions = {
      method,
      ...(body === undefined ? {} : { body: body.value }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.context?.branch ? { branch: options.context.branch } : {}),
    };
    if (answer.kind === "none") return apiRequestVoid(url, request);
    if (answer.kind === "file") return apiRequestFile(url, request);
    return apiRequest(url, answer.schema, request);
  }
}
