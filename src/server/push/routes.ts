import type { MiddlewareHandler } from "hono";
import { v1Contract } from "../../shared/contract/v1.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { PushService } from "./service.ts";

/**
 * `POST /v1/push` with a project API key that has the push scope. Authorized by the key, not a
 * session, so it is mounted before the session API's origin check (CI sends no Origin); the upload
 * limit is the Import dialog's, checked after the key and before a byte of the body is read.
 */
export function pushRoutes(deps: { push: PushService; authorize: Authorize; bodyLimit: MiddlewareHandler }) {
  return contractRoutes(
    { push: v1Contract.push },
    {
      push: {
        use: [deps.bodyLimit],
        handle: async ({ body: { file, ...fields } }, c) => {
          const upload = { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
          return deps.push.push(c.var.apiKey, upload, fields);
        },
      },
    },
    { authorize: deps.authorize },
  );
}
