import type { LoadedConfig } from "./config.ts";
import type { ApiClient } from "./http.ts";

/** Where a command writes what CI's log shows. */
export type Log = (line: string) => void;

/** What the commands that read sprog.config.json work with: the config and the API client. */
export interface CommandContext extends LoadedConfig {
  client: ApiClient;
  /** The branch pull, push, status and check work on (--branch or the config); undefined: main. */
  branch: string | undefined;
}
