import type { Core } from "../modules/feature-module.ts";
import { developerProcedures } from "./agent-procedures.ts";
import { createAgentKeyService } from "./agent-service.ts";
import { keyRoutes } from "./routes.ts";
import { createKeyService } from "./service.ts";

/** A project's keys: the session API's, and the developer's procedures of the public API (a key's). */
export function keysModule({ db, database, access, events }: Core) {
  return {
    name: "keys",
    routes: keyRoutes(createKeyService({ db, bulk: database.bulk, access, events })),
    keyProcedures: developerProcedures(createAgentKeyService({ db, events })),
  };
}
