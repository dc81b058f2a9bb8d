import type { ApiKeyRow } from "../api-keys/queries.ts";
import type { SessionUser } from "../auth/service.ts";
import type { InContextGrant } from "../in-context/service.ts";

export type AppEnv = {
  Variables: {
    /** The session's user: set by the one authentication middleware of the session API. */
    user: SessionUser;
    /** The project API key of an /api/v1 request: set by its check, before anything else runs. */
    apiKey: ApiKeyRow;
    /** The in-context token of an app page's request (issue 37): who it acts as, on which project. */
    inContext: InContextGrant;
  };
};
