import { z } from "zod";
import {
  completionSchema,
  createProjectBodySchema,
  projectListSchema,
  projectSchema,
  setLanguagesBodySchema,
  updateProjectBodySchema,
} from "../schemas/projects.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint } from "./route.ts";

const projects = endpoint.route({ tags: ["Projects"] });
const project = z.object({ params: pathParams("projectId") });

/**
 * A team's projects. Every endpoint documents 400 (a malformed id is refused before the service
 * runs) besides 401, 403 and 404; the service checks each permission.
 */
export const projectsContract = {
  list: projects
    .route({ method: "GET", path: "/teams/{teamId}/projects", summary: "The team's projects, by name" })
    .errors(changing)
    .input(z.object({ params: pathParams("teamId") }))
    .output(projectListSchema),
  create: projects
    .route({
      method: "POST",
      path: "/teams/{teamId}/projects",
      successStatus: 201,
      successDescription: "Created",
      summary: "Create a project (languages ['en'], kind web)",
    })
    .errors(changing)
    .input(z.object({ params: pathParams("teamId"), body: createProjectBodySchema }))
    .output(projectSchema),
  update: projects
    .route({
      method: "PATCH",
      path: "/projects/{projectId}",
      summary: "Rename, or change the placeholder format",
    })
    .errors(changing)
    .input(project.extend({ body: updateProjectBodySchema }))
    .output(projectSchema),
  remove: projects
    .route({
      method: "DELETE",
      path: "/projects/{projectId}",
      successStatus: 204,
      successDescription: "Deleted",
      summary: "Delete a project with its keys and strings",
    })
    .errors(changing)
    .input(project),
  setLanguages: projects
    .route({
      method: "PUT",
      path: "/projects/{projectId}/languages",
      summary: "Set the ordered language list (add, remove, reorder)",
      description:
        "The source language stays; codes are unique and from the catalogue. Strings of a removed language are kept.",
    })
    .errors(changing)
    .input(project.extend({ body: setLanguagesBodySchema }))
    .output(projectSchema),
  completion: projects
    .route({ method: "GET", path: "/projects/{projectId}/completion", summary: "Completion per language" })
    .errors(changing)
    .input(project)
    .output(completionSchema),
};
