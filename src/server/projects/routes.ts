import { projectsContract } from "../../shared/contract/projects.ts";
import { contractRoutes } from "../http/contract-routes.ts";
import type { ProjectService } from "./service.ts";

/** A team's projects, as `projectsContract` declares them; the service checks each permission. */
export function projectRoutes(projects: ProjectService) {
  return contractRoutes(projectsContract, {
    list: async ({ params }, c) => ({ projects: await projects.list(c.var.user.id, params.teamId) }),
    create: ({ params, body }, c) => projects.create(c.var.user.id, params.teamId, body),
    update: ({ params, body }, c) => projects.update(c.var.user.id, params.projectId, body),
    remove: ({ params }, c) => projects.remove(c.var.user.id, params.projectId),
    setLanguages: ({ params, body }, c) =>
      projects.setLanguages(c.var.user.id, params.projectId, body.languages),
    completion: async ({ params }, c) => ({
      languages: await projects.completion(c.var.user.id, params.projectId),
    }),
  });
}
