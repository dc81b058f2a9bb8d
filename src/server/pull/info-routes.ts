import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { stream } from "hono/streaming";
import { v1Contract } from "../../shared/contract/v1.ts";
import type { Authorize } from "../api-keys/authorize.ts";
import type { BranchesOfKeys } from "../branches/service.ts";
import { onBranch } from "../db/branch-scope.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ProjectInfo } from "./project-info.ts";

/**
 * What `sprog check` reads, with a project API key that has the pull scope: every key name,
 * streamed. Mounted before the session API's origin check, as the pull API is.
 */
export function keyNameRoutes(deps: { info: ProjectInfo; authorize: Authorize; branches: BranchesOfKeys }) {
  const { info, authorize } = deps;
  return contractRoutes(
    { keyNames: v1Contract.keyNames },
    {
      keyNames: async (input, c) => {
        const branch = await deps.branches.scopeForKey(c.var.apiKey, input?.query?.branch);
        c.header("content-type", "application/json; charset=UTF-8");
        c.header("cache-control", "private, no-cache");
        return stream(c, (out) => onBranch(branch, () => writeKeyNames(out)));
        async function writeKeyNames(out: Parameters<Parameters<typeof stream>[1]>[0]) {
          await out.write('{"keys":[');
          let first = true;
          for await (const page of info.keyNamePages(c.var.apiKey.project_id)) {
            const items = JSON.stringify(page).slice(1, -1);
            await out.write(first ? items : `,${items}`);
            first = false;
            // Between pages the server answers other requests.
            await yieldToEventLoop();
          }
          await out.write("]}");
        }
      },
    },
    { authorize },
  );
}
