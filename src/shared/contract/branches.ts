import { z } from "zod";
import {
  branchDiffSchema,
  branchListSchema,
  branchSchema,
  branchSettingsBodySchema,
  createBranchBodySchema,
  mergeBodySchema,
  mergeResultSchema,
  updateBranchBodySchema,
} from "../schemas/branches.ts";
import { pathParams } from "./path-params.ts";
import { changing, endpoint, errorsOf, guarded } from "./route.ts";

const branches = endpoint.route({ tags: ["Branches"] });
const inProject = z.object({ params: pathParams("projectId") });
const oneBranch = z.object({ params: pathParams("id") });

/**
 * Branches (issue 39): every member sees them and works on them with their role's rights; a merge
 * into a protected branch (or a protected main) is an owner's or admin's. The other screens read a
 * branch when the request names it in the `x-sprog-branch` header.
 */
export const branchesContract = {
  list: branches
    .route({ method: "GET", path: "/projects/{projectId}/branches", summary: "The project's branches" })
    .errors(guarded)
    .input(inProject)
    .output(branchListSchema),
  create: branches
    .route({
      method: "POST",
      path: "/projects/{projectId}/branches",
      successStatus: 201,
      summary: "Start a branch from main or another branch",
      description: "Instant at any size: a branch holds only what changes on it.",
    })
    .errors({ ...changing, conflict: errorsOf[409] })
    .input(inProject.extend({ body: createBranchBodySchema }))
    .output(branchSchema),
  update: branches
    .route({ method: "PATCH", path: "/branches/{id}", summary: "Protect a branch, or stop protecting it" })
    .errors(changing)
    .input(oneBranch.extend({ body: updateBranchBodySchema }))
    .output(branchSchema),
  archive: branches
    .route({
      method: "DELETE",
      path: "/branches/{id}",
      summary: "Delete a branch: it is archived with its changes, and its name is free again",
    })
    .errors(changing)
    .input(oneBranch)
    .output(branchSchema),
  diff: branches
    .route({
      method: "GET",
      path: "/branches/{id}/diff",
      summary: "What the branch changes, per key and language, with the conflicts a merge must resolve",
    })
    .errors(guarded)
    .input(oneBranch)
    .output(branchDiffSchema),
  merge: branches
    .route({
      method: "POST",
      path: "/branches/{id}/merge",
      summary: "Merge the branch into its base, in one transaction",
      description:
        "Each conflict (a string changed on both sides since the branch changed it) needs a resolution: take the branch's, the base's, or edited texts; `conflicts` resolves the rest at once. Answers 409 while a conflict is unresolved.",
    })
    .errors({ ...changing, conflict: errorsOf[409] })
    .input(oneBranch.extend({ body: mergeBodySchema }))
    .output(mergeResultSchema),
  settings: branches
    .route({
      method: "PUT",
      path: "/projects/{projectId}/branch-settings",
      summary: "Protect main: only owners and admins merge into it",
    })
    .errors(changing)
    .input(inProject.extend({ body: branchSettingsBodySchema }))
    .output(branchListSchema),
};
