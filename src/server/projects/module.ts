import type { Core } from "../modules/feature-module.ts";
import { projectRoutes } from "./routes.ts";
import { createProjectService } from "./service.ts";

export function projectsModule({ db, access, events }: Core) {
  return { name: "projects", routes: projectRoutes(createProjectService({ db, access, events })) };
}
