import type { Core } from "../modules/feature-module.ts";
import { keyRoutes } from "./routes.ts";
import { createKeyService } from "./service.ts";

export function keysModule({ db, database, access, events }: Core) {
  return {
    name: "keys",
    routes: keyRoutes(createKeyService({ db, bulk: database.bulk, access, events })),
  };
}
