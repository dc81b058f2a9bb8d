import type { Core } from "../modules/feature-module.ts";
import { contextProcedures } from "./agent-procedures.ts";
import { createProjectContext } from "./project-context.ts";
import { projectRoutes } from "./routes.ts";
import { createProjectService } from "./service.ts";

export function projectsModule({ db, access, events }: Core) {
  return {
    name: "projects",
    routes: projectRoutes(createProjectService({ db, access, events })),
    keyProcedures: contextProcedures(createProjectContext(db)),
  };
}
