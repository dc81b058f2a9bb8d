import type { Core } from "../modules/feature-module.ts";
import { toneRoutes } from "./routes.ts";
import { createToneService } from "./service.ts";

export function toneModule({ db, access }: Core) {
  return { name: "tone", routes: toneRoutes(createToneService({ db, access })) };
}
