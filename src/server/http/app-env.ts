import type { SessionUser } from "../auth/service.ts";

export type AppEnv = {
  Variables: {
    user: SessionUser;
  };
};
