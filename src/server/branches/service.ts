import type { Kysely } from "kysely";
import type { z } from "zod";
import { can, type Permission, type Role } from "../../shared/permissions.ts";
import {
  type Branch,
  type BranchDiff,
  type BranchList,
  type branchSettingsBodySchema,
  type DiffKey,
  MAIN_BRANCH,
  type MergeResult,
  type mergeBodySchema,
} from "../../shared/schemas/branches.ts";
import { publishActivity } from "../activity/publish.ts";
import { recordActivity } from "../activity/record.ts";
import type { ApiKeyRow } from "../api-keys/queries.ts";
import { type BranchScope, onBranch, onMain } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Logger } from "../logger.ts";
import type { Access, ProjectRow } from "../teams/access.ts";
import type { WebhookDispatch } from "../webhooks/webhook-dispatch.ts";
import { diffBranch } from "./diff.ts";
import { applyMerge } from "./merge.ts";
import { presentBranch } from "./present.ts";
import {
  archiveBranch,
  type BranchRow,
  countLiveChildren,
  insertBranch,
  selectBranch,
  selectBranchByName,
  selectBranches,
  selectBranchPlace,
  selectProjectRow,
  selectReviewCover,
  setBranchSettings,
  updateBranchProtection,
} from "./queries.ts";
import { scopeOfRow } from "./scope-of.ts";

/** Who asks: a member (with their role in the project's team), or a project API key. */
type Actor = { userId: string | null; role: Role };

export function createBranchService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: EventBus;
  dispatch: Pick<WebhookDispatch, "enqueue">;
  logger: Logger;
}) {
  const { db, access, events, dispatch } = deps;

  const scopeOf = (row: BranchRow) => scopeOfRow(db, row);

  /** A branch of the person's team's project, with their role in it. */
  async function branchFor(userId: string, id: string, permission: Permission) {
    const row = await onMain(() => selectBranch(db, id));
    if (!row) throw new AppError("not_found", "Branch not found");
    return { row, ...(await projectOfBranch(userId, row.project_id, permission)) };
  }

  /** The branch's project with the person's role; a project they cannot see hides the branch. */
  function projectOfBranch(userId: string, projectId: string, permission: Permission) {
    return access.project(userId, projectId, permission).catch((error) => {
      if (error instanceof AppError && error.code === "not_found")
        throw new AppError("not_found", "Branch not found");
      throw error;
    });
  }

  async function listOf(project: ProjectRow): Promise<BranchList> {
    const rows = await onMain(() => selectBranches(db, project.id));
    const present = rows.map(presentBranch);
    return {
      mainProtected: project.main_protected,
      mergeRequiresReview: project.merge_requires_review,
      branches: present.filter((b) => b.archivedAt === null),
      archived: present.filter((b) => b.archivedAt !== null),
    };
  }

  async function create(
    project: ProjectRow,
    name: string,
    baseName: string | undefined,
    userId: string | null,
  ) {
    if (name === MAIN_BRANCH)
      throw new AppError("validation_failed", "main is the project itself: choose another name");
    return onMain(async () => {
      let baseId: string | null = null;
      if (baseName !== undefined && baseName !== MAIN_BRANCH) {
        const base = await selectBranchByName(db, project.id, baseName);
        if (!base) throw new AppError("not_found", `No branch named ${baseName}`);
        baseId = base.id;
      }
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await insertBranch(trx, { projectId: project.id, name, baseId, userId });
        if (!inserted) return undefined;
        const recorded = await recordActivity(trx, {
          teamId: project.team_id,
          projectId: project.id,
          userId,
          kind: "branch.created",
          details: { branch: name, from: baseName ?? MAIN_BRANCH },
        });
        return { inserted, recorded };
      });
      if (!id) throw new AppError("conflict", `A branch named ${name} already exists`);
      await publishActivity(deps, [id.recorded]);
      const row = await selectBranch(db, id.inserted);
      if (!row) throw new AppError("internal", "The branch was not created");
      return presentBranch(row);
    });
  }

  /** Why the actor cannot merge the branch now; null when they can. */
  async function mergeBlock(row: BranchRow, project: ProjectRow, actor: Actor): Promise<string | null> {
    if (row.archived_at !== null)
      return "This branch is deleted: restore it by starting a branch of its name";
    if (!can(actor.role, "branches.merge")) return "You do not have permission to merge branches";
    const base = row.base_id ? await onMain(() => selectBranch(db, row.base_id as string)) : undefined;
    const isProtected = base ? base.protected : project.main_protected;
    if (isProtected && !can(actor.role, "branches.mergeProtected")) {
      return `${base?.name ?? MAIN_BRANCH} is protected: only owners and admins merge into it`;
    }
    if (base?.archived_at) return `${base.name}, the branch this one came from, is deleted`;
    return null;
  }

  /**
   * Why the branch cannot merge yet when the project asks for a review first: each key the merge
   * changes must be in a completed review of the branch, completed after the key last changed.
   */
  async function reviewBlock(row: BranchRow, project: ProjectRow, keys: DiffKey[]): Promise<string | null> {
    if (!project.merge_requires_review) return null;
    // A deleted key has nothing left to review on the branch.
    const keyIds = keys.filter((key) => key.change !== "deleted").map((key) => key.keyId);
    if (keyIds.length === 0) return null;
    const cover = await onMain(() => selectReviewCover(db, row.id, keyIds));
    const unreviewed = cover.filter((key) => !key.reviewed).length;
    if (unreviewed === cover.length) return "Merging needs a completed review of this branch's changes";
    if (unreviewed > 0) {
      return unreviewed === 1
        ? "1 changed key is not in a completed review of this branch"
        : `${unreviewed} changed keys are not in a completed review of this branch`;
    }
    if (cover.some((key) => !key.fresh))
      return "The branch changed after its review was completed: review the changes again";
    return null;
  }

  async function diffOf(row: BranchRow, project: ProjectRow, actor: Actor): Promise<BranchDiff> {
    const scope = await scopeOf(row);
    const base = row.base_id
      ? await scopeOf((await onMain(() => selectBranch(db, row.base_id as string))) as BranchRow)
      : undefined;
    const diff = await diffBranch(db, scope, base);
    const unreviewed = await reviewBlock(row, project, diff.keys);
    return {
      branch: presentBranch(row),
      keys: diff.keys,
      conflicts: diff.conflicts,
      blockedBy: (await mergeBlock(row, project, actor)) ?? unreviewed,
      reviewNeeded: unreviewed !== null,
    };
  }

  async function merge(
    row: BranchRow,
    project: ProjectRow,
    actor: Actor,
    body: z.output<typeof mergeBodySchema>,
  ): Promise<MergeResult> {
    const blocked = await mergeBlock(row, project, actor);
    if (blocked) throw new AppError("forbidden", blocked);
    const scope = await scopeOf(row);
    const baseRow = row.base_id ? await onMain(() => selectBranch(db, row.base_id as string)) : undefined;
    const base = baseRow ? await scopeOf(baseRow) : undefined;
    const diff = await diffBranch(db, scope, base);
    const unreviewed = await reviewBlock(row, project, diff.keys);
    if (unreviewed) throw new AppError("forbidden", unreviewed);
    const counts = await applyMerge(db, {
      branch: scope,
      base,
      diff,
      resolutions: body.resolutions,
      rest: body.conflicts,
      userId: actor.userId,
    });
    const into = baseRow?.name ?? MAIN_BRANCH;
    const total = counts.keysAdded + counts.keysChanged + counts.keysDeleted + counts.strings;
    const recorded = await onMain(() =>
      db.transaction().execute((trx) =>
        recordActivity(trx, {
          teamId: project.team_id,
          projectId: project.id,
          userId: actor.userId,
          kind: "branch.merged",
          count: total,
          keys: counts.keys,
          details: { branch: row.name, into },
        }),
      ),
    );
    // The base's viewers and the branch's see their screens change.
    await onBranch(base, () =>
      events.publish(project.id, [{ type: "project.updated", data: { projectId: project.id } }]),
    );
    await onBranch(scope, () =>
      events.publish(project.id, [{ type: "project.updated", data: { projectId: project.id } }]),
    );
    await publishActivity(deps, [recorded]);
    const merged = (await onMain(() => selectBranch(db, row.id))) as BranchRow;
    await dispatch.enqueue(
      project.id,
      "branch.merged",
      {
        branch: row.name,
        into,
        keysAdded: counts.keysAdded,
        keysChanged: counts.keysChanged,
        keysDeleted: counts.keysDeleted,
        strings: counts.strings,
      },
      into,
    );
    const { keys: _keys, ...result } = counts;
    return { branch: presentBranch(merged), ...result };
  }

  async function archive(row: BranchRow, project: ProjectRow, userId: string | null): Promise<Branch> {
    if (row.archived_at !== null) return presentBranch(row);
    if ((await onMain(() => countLiveChildren(db, row.id))) > 0) {
      throw new AppError("validation_failed", `Branches start from ${row.name}: merge or delete them first`);
    }
    const recorded = await onMain(() =>
      db.transaction().execute(async (trx) => {
        await archiveBranch(trx, row.id, userId);
        return recordActivity(trx, {
          teamId: project.team_id,
          projectId: project.id,
          userId,
          kind: "branch.deleted",
          details: { branch: row.name },
        });
      }),
    );
    await publishActivity(deps, [recorded]);
    return presentBranch((await onMain(() => selectBranch(db, row.id))) as BranchRow);
  }

  /** The role of the person who made an API key, in its project's team: what the key may merge. */
  async function keyActor(apiKey: ApiKeyRow): Promise<Actor> {
    if (!apiKey.created_by) return { userId: null, role: "none" };
    const { role } = await access
      .project(apiKey.created_by, apiKey.project_id)
      .catch(() => ({ role: "none" as Role }));
    return { userId: apiKey.created_by, role };
  }

  async function keyProject(apiKey: ApiKeyRow): Promise<ProjectRow> {
    const project = await onMain(() => selectProjectRow(db, apiKey.project_id));
    if (!project) throw new AppError("unauthorized", "Invalid API key");
    return project;
  }

  async function namedBranch(projectId: string, name: string): Promise<BranchRow> {
    const row = await onMain(() => selectBranchByName(db, projectId, name));
    if (!row) throw new AppError("not_found", `No branch named ${name}`);
    return row;
  }

  return {
    async list(userId: string, projectId: string): Promise<BranchList> {
      const { project } = await access.project(userId, projectId, "branches.view");
      return listOf(project);
    },

    async create(userId: string, projectId: string, body: { name: string; base?: string | undefined }) {
      const { project } = await access.project(userId, projectId, "branches.manage");
      return create(project, body.name, body.base, userId);
    },

    async update(userId: string, id: string, body: { protected: boolean }): Promise<Branch> {
      const { row } = await branchFor(userId, id, "branches.manage");
      await onMain(() => updateBranchProtection(db, row.id, body.protected));
      return presentBranch((await onMain(() => selectBranch(db, row.id))) as BranchRow);
    },

    async archive(userId: string, id: string): Promise<Branch> {
      const { row, project } = await branchFor(userId, id, "branches.manage");
      return archive(row, project, userId);
    },

    async diff(userId: string, id: string): Promise<BranchDiff> {
      const { row, project, role } = await branchFor(userId, id, "branches.view");
      return diffOf(row, project, { userId, role });
    },

    async merge(userId: string, id: string, body: z.output<typeof mergeBodySchema>): Promise<MergeResult> {
      const { row, project, role } = await branchFor(userId, id, "branches.view");
      return merge(row, project, { userId, role }, body);
    },

    async settings(
      userId: string,
      projectId: string,
      body: z.output<typeof branchSettingsBodySchema>,
    ): Promise<BranchList> {
      const { project } = await access.project(userId, projectId, "branches.manage");
      const settings = {
        main_protected: body.mainProtected ?? project.main_protected,
        merge_requires_review: body.mergeRequiresReview ?? project.merge_requires_review,
      };
      await onMain(() => setBranchSettings(db, project.id, settings));
      return listOf({ ...project, ...settings });
    },

    /**
     * The scope of a request of the web app on a branch (the `x-sprog-branch` header): the person
     * must see the branch's project; an archived branch is read, never written.
     */
    async scopeForPerson(userId: string, id: string, write: boolean): Promise<BranchScope> {
      // The branch as a request needs it, with its chain, in one statement (no counts of its rows).
      const place = await onMain(() => selectBranchPlace(db, id));
      if (!place) throw new AppError("not_found", "Branch not found");
      await projectOfBranch(userId, place.project_id, "branches.view");
      if (write && place.archived_at !== null) {
        throw new AppError(
          "validation_failed",
          `The branch ${place.name} is deleted: its strings can be read, not changed`,
        );
      }
      return { id: place.id, name: place.name, projectId: place.project_id, chain: place.chain };
    },

    /**
     * The scope of a branch for work nobody waits on (a queued chunk of an AI batch, which has no
     * person's request around it), deleted (archived) or not: the work itself checks that under
     * its lock. Undefined when the branch is gone.
     */
    async scopeForJob(id: string): Promise<{ scope: BranchScope } | undefined> {
      const row = await onMain(() => selectBranch(db, id));
      return row ? { scope: await scopeOf(row) } : undefined;
    },

    /**
     * The scope a CI request names (`branch` of pull, push, status): main for none or `main`; a
     * branch that does not exist yet is started from main when `start` (a push), else not found.
     */
    async scopeForKey(
      apiKey: ApiKeyRow,
      name: string | undefined,
      start = false,
    ): Promise<BranchScope | undefined> {
      if (name === undefined || name === MAIN_BRANCH) return undefined;
      const found = await onMain(() => selectBranchByName(db, apiKey.project_id, name));
      if (found) return scopeOf(found);
      if (!start) throw new AppError("not_found", `No branch named ${name}: push to it first, or create it`);
      const project = await keyProject(apiKey);
      try {
        await create(project, name, undefined, apiKey.created_by);
      } catch (error) {
        // Two pushes starting the same branch at once: the other made it.
        if (!(error instanceof AppError && error.code === "conflict")) throw error;
      }
      return scopeOf(await namedBranch(apiKey.project_id, name));
    },

    async listWithKey(apiKey: ApiKeyRow) {
      const { branches } = await listOf(await keyProject(apiKey));
      return { branches };
    },

    async createWithKey(apiKey: ApiKeyRow, body: { name: string; base?: string | undefined }) {
      return create(await keyProject(apiKey), body.name, body.base, apiKey.created_by);
    },

    async mergeWithKey(apiKey: ApiKeyRow, body: { name: string; conflicts?: "branch" | "base" | undefined }) {
      const project = await keyProject(apiKey);
      const row = await namedBranch(project.id, body.name);
      return merge(row, project, await keyActor(apiKey), { resolutions: [], conflicts: body.conflicts });
    },

    async archiveWithKey(apiKey: ApiKeyRow, body: { name: string }) {
      const project = await keyProject(apiKey);
      return archive(await namedBranch(project.id, body.name), project, apiKey.created_by);
    },
  };
}

export type BranchService = ReturnType<typeof createBranchService>;
/** What pull, push and status need of branches: the scope a CI request names. */
export type BranchesOfKeys = Pick<BranchService, "scopeForKey">;
