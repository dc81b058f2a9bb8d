import type { ApiKeyRow } from "../api-keys/queries.ts";
import type { SessionUser } from "../auth/service.ts";

export type AppEnv = {
  Variables: {
    /** The session's user: set by the one authentication middleware of the session API. */
    user: SessionUser;
    /** The project API key of an /api/v1 request: set by its check, before anything else runs. */
    apiKey: ApiKeyRow;
  };
};
