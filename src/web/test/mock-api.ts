import type {
  AnyContractProcedure,
  AnyContractRouter,
  InferContractRouterInputs,
  InferContractRouterOutputs,
} from "@orpc/contract";
import { onTestFinished } from "vitest";
import type { Contract } from "../../shared/contract/index.ts";
import type { ErrorCode } from "../../shared/schemas/error.ts";
import { replaceApiLink } from "../lib/api.ts";
import { ApiError, apiErrorOf, unexpectedAnswerError, unreachableError } from "../lib/api-client.ts";

/**
 * Component tests answer the web's `api` per contract procedure, typed by the contract, instead of
 * faking fetch by URL text: the URL, method and body kind are the link's business (contract-link.test.ts
 * and api-client.test.ts test those against fetch).
 *
 *     const calls = mockApi({ billing: { plans: async ({ query }) => CONFIGURED_PLANS } });
 *     ...
 *     expect(calls).toContainEqual({ procedure: "billing.checkout", input: { params, body } });
 *
 * A handler gets the input as the app passed it and answers the procedure's output (a file answer:
 * `{ blob, fileName }`); it throws an ApiError for a refusal (`refusal`, `failure`, `unreachable`,
 * `unexpectedAnswer` build the ones the HTTP client would). A call without a handler rejects and fails
 * the test when it ends, so a test states every call its screen makes. The mock lasts until the test
 * ends; calling mockApi again in the same test replaces the handlers (and starts a new record).
 */

type Promisable<T> = T | Promise<T>;

/** What a handler may look at besides the input. */
export interface CallOptions {
  signal: AbortSignal | undefined;
  /** The branch's id the call runs on (issue 39); undefined: main. */
  branch: string | undefined;
}

type Handlers<R> = {
  [K in keyof R]?: R[K] extends AnyContractProcedure
    ? (
        input: InferContractRouterInputs<R[K]>,
        options: CallOptions,
      ) => Promisable<InferContractRouterOutputs<R[K]>>
    : Handlers<R[K]>;
};

/** Answers for some of the contract's procedures, nested as `api` is (`{ reviews: { get } }`). */
export type ApiHandlers = Handlers<Contract>;

type PathsOf<R, Prefix extends string> = {
  [K in keyof R & string]: R[K] extends AnyContractProcedure
    ? `${Prefix}${K}`
    : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];

/** A procedure's place in the contract as oRPC's client names it: "billing.checkout". */
export type Procedure = PathsOf<Contract, "">;

type At<R, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof R
    ? At<R[Head], Rest>
    : never
  : P extends keyof R
    ? R[P]
    : never;

/** The input of the procedure at `P`, as the app passes it. */
export type InputOf<P extends Procedure> =
  At<Contract, P> extends infer C extends AnyContractRouter ? InferContractRouterInputs<C> : never;

/** One call the app made: which procedure, with what input (and the branch it ran on, if any). */
export type ApiCall = CallTo<Procedure>;

/** A call to one of the procedures `P`. */
export type CallTo<P extends Procedure> = {
  [Q in P]: { procedure: Q; input: InputOf<Q>; branch?: string };
}[P];

/** The link `api` had before any mock, put back when each test ends. */
let realLink: ReturnType<typeof replaceApiLink> | undefined;

type Handler = (input: unknown, options: CallOptions) => Promisable<unknown>;

function handlerAt(handlers: ApiHandlers, path: readonly string[]): Handler | undefined {
  let node: unknown = handlers;
  for (const segment of path) node = (node as Record<string, unknown> | undefined)?.[segment];
  return typeof node === "function" ? (node as Handler) : undefined;
}

/**
 * Answers `api` calls with `handlers` until the test ends; the calls the app makes, in order.
 * Must be called inside a test or a beforeEach.
 */
export function mockApi(handlers: ApiHandlers): ApiCall[] {
  const calls: ApiCall[] = [];
  const unanswered: string[] = [];
  const previous = replaceApiLink({
    async call(path, input, options) {
      const procedure = path.join(".");
      // The path comes from the typed client, so it names a procedure of the contract.
      const branch = options.context?.branch;
      calls.push((branch ? { procedure, input, branch } : { procedure, input }) as ApiCall);
      const handler = handlerAt(handlers, path);
      if (!handler) {
        unanswered.push(procedure);
        throw new Error(`mockApi: no answer for ${procedure} (input ${JSON.stringify(input)})`);
      }
      return handler(input, { signal: options.signal, branch });
    },
  });
  realLink ??= previous;
  const real = realLink;
  onTestFinished(() => {
    replaceApiLink(real);
    if (unanswered.length > 0) {
      throw new Error(
        `mockApi: the app called procedures the test does not answer: ${unanswered.join(", ")}`,
      );
    }
  });
  return calls;
}

/** The inputs of the calls to one procedure, in order. */
export function inputsOf<P extends Procedure>(calls: readonly ApiCall[], procedure: P): InputOf<P>[] {
  return calls.flatMap((call) => (call.procedure === procedure ? [call.input as InputOf<P>] : []));
}

/**
 * The API's refusal as the client throws it: `{ error: { code, message } }` with `status`; `extra`
 * adds to the body (a 409 with the current value), `statusText` is the answer's reason phrase.
 */
export function refusal(
  status: number,
  code: ErrorCode,
  message: string,
  options: { extra?: Record<string, unknown>; statusText?: string } = {},
): ApiError {
  return apiErrorOf(status, { error: { code, message }, ...options.extra }, options.statusText);
}

/** A failed answer without the API's error shape (a proxy's 502, an empty 500). */
export function failure(status: number, statusText = ""): ApiError {
  return apiErrorOf(status, undefined, statusText);
}

/** The server could not be reached. */
export function unreachable(): ApiError {
  return unreachableError();
}

/** An answer the contract's schema rejects. */
export function unexpectedAnswer(status = 200): ApiError {
  return unexpectedAnswerError(status);
}

export { ApiError };
