import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Kysely } from "kysely";
import { isUuid } from "../../shared/ids.ts";
import { MAIN_BRANCH } from "../../shared/schemas/branches.ts";
import type { PullPlaceholderFormat } from "../../shared/schemas/pull.ts";
import {
  branchReleaseRefusal,
  manifestPath,
  type PublishReleaseBody,
  type PublishReleaseKeyBody,
  type Release,
  type ReleaseList,
  type ReleaseManifest,
  type ReleaseStringFilter,
  type ReleaseTrigger,
  releaseFileName,
} from "../../shared/schemas/releases.ts";
import type { ApiKeyRow } from "../api-keys/queries.ts";
import type { BranchesOfKeys } from "../branches/service.ts";
import { type BranchScope, currentBranch, onBranch, onMain } from "../db/branch-scope.ts";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import { AppError, notFoundAs } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Logger } from "../logger.ts";
import { OutputCache } from "../pull/output-cache.ts";
import { selectProject } from "../pull/queries.ts";
import { ProjectStateCache } from "../pull/state-cache.ts";
import type { Access, ProjectRow } from "../teams/access.ts";
import type { FormatRunner } from "../transfer/format-workers.ts";
import type { DownloadCounter } from "./download-counter.ts";
import {
  type EnvironmentRow,
  insertRelease,
  insertReleaseFiles,
  lockProjectReleases,
  type ReleaseRow,
  selectDistributionProject,
  selectDownloads,
  selectEnvironments,
  selectLatestReleaseFiles,
  selectManifest,
  selectRelease,
  selectReleaseFile,
  selectReleaseFiles,
  selectReleases,
  updateReleaseOnReview,
  upsertEnvironment,
} from "./queries.ts";
import { buildReleaseFiles, keyCountOf, keysChangedBetween, textsOf } from "./release-files.ts";
import { type Maker, optionsOf, type ReleaseOptions } from "./release-options.ts";

const gzipAsync = promisify(gzip);

/** Days of downloads a release shows. */
const DOWNLOAD_DAYS = 14;
/**
 * How long a manifest is kept without asking the database again. A release made by this process
 * drops it at once, one made by another server process on its notification; this bounds a lost one.
 */
const MANIFEST_TTL_MS = 5000;

/** Bytes of release files kept in memory: the files apps ask for most (the current releases'). */
const FILE_CACHE_BYTES = 32 * 1024 * 1024;

/** A manifest as served: its bytes and strong ETag, and the project (for the download counts). */
export interface ServedManifest {
  projectId: string;
  body: string;
  etag: string;
}

/**
 * Over-the-air releases (issue 37): publishing snapshots the pull API's JSON of each language into
 * immutable files, and an environment's manifest names the release an app loads. People publish
 * from the Releases screen, CI with a `release` key, and a completed review when the project asks.
 */
export function createReleaseService(deps: {
  db: Kysely<DB>;
  access: Access;
  events: Pick<EventBus, "publish" | "subscribeChanges">;
  formats: FormatRunner;
  logger: Logger;
  /** The download counts held in memory: written before a list reads them. */
  downloads: Pick<DownloadCounter, "flush">;
  /** The branch a CI request names (`branch` of `POST /api/v1/releases`). */
  branches: BranchesOfKeys;
}) {
  const { db, access, events, formats, logger, downloads, branches } = deps;
  const manifests = new ProjectStateCache<ServedManifest | null>(events, {
    ttlMs: MANIFEST_TTL_MS,
    maxProjects: 10_000,
  });
  /** Release files by distribution and hash: their bytes never change, so they are only evicted. */
  const files = new OutputCache<{ projectId: string; bytes: Uint8Array; gzipped: Uint8Array }>(
    256,
    FILE_CACHE_BYTES,
  );
  /** Distribution id → project id: fixed for a project's life. */
  const distributions = new Map<string, string | null>();

  async function projectOf(projectId: string): Promise<ProjectRow> {
    const project = await selectProject(db, projectId);
    if (!project) throw new AppError("not_found", "Project not found");
    return project;
  }

  /**
   * Builds the files from `branch`'s strings (main's when undefined) and records the release. The
   * release itself is the project's, on main's tables whoever asks: main's screen lists it, and an
   * environment's manifest may name any release.
   */
  async function create(
    project: ProjectRow,
    options: ReleaseOptions,
    maker: Maker,
    branch: BranchScope | undefined,
  ) {
    // One snapshot for every file: the release is the project (or the branch) at one moment.
    const files = await onBranch(branch, () =>
      db
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute((trx) => buildReleaseFiles(trx, project, { ...options, formats })),
    );
    const texts = textsOf(files);
    const created = await onMain(() => record(project, options, maker, branch, texts, files));
    await changed(project.id);
    logger.info(
      {
        projectId: project.id,
        release: created.number,
        environment: options.environment,
        branch: branch?.name ?? MAIN_BRANCH,
        trigger: maker.trigger,
      },
      "release published",
    );
    return created;
  }

  async function record(
    project: ProjectRow,
    options: ReleaseOptions,
    maker: Maker,
    branch: BranchScope | undefined,
    texts: ReturnType<typeof textsOf>,
    files: Awaited<ReturnType<typeof buildReleaseFiles>>,
  ) {
    return db.transaction().execute(async (trx) => {
      const last = await lockProjectReleases(trx, project.id);
      const previous = textsOf(
        (await selectLatestReleaseFiles(trx, project.id, branch?.id ?? null)).map((row) => ({
          language: row.language_code,
          bytes: new Uint8Array(row.bytes),
        })),
      );
      const number = last + 1;
      const id = await insertRelease(trx, {
        projectId: project.id,
        number,
        environment: options.environment,
        languages: options.languages,
        only: options.only,
        placeholderFormat: options.placeholderFormat,
        trigger: maker.trigger as ReleaseTrigger,
        branch: branch ? { id: branch.id, name: branch.name } : null,
        userId: maker.trigger === "api" ? null : maker.userId,
        keyName: maker.trigger === "api" ? maker.keyName : null,
        keyCount: keyCountOf(texts),
        keysChanged: keysChangedBetween(previous, texts),
      });
      await insertReleaseFiles(trx, id, files);
      await upsertEnvironment(trx, project.id, options.environment, id);
      return { id, number };
    });
  }

  /**
   * Every server's manifests and the screens of the project learn of it: main's, where the Releases
   * screen is, even for a release made on a branch (an event on a branch reaches its viewers only).
   */
  async function changed(projectId: string) {
    await onMain(() => events.publish(projectId, [{ type: "project.updated", data: { projectId } }]));
  }

  async function list(project: ProjectRow): Promise<ReleaseList> {
    // This process's counts so far: the screen shows up to now what this server served.
    await downloads.flush();
    const [rows, environments] = await Promise.all([
      selectReleases(db, project.id),
      selectEnvironments(db, project.id),
    ]);
    const ids = rows.map((row) => row.id);
    const [files, served] = await Promise.all([
      selectReleaseFiles(db, ids),
      selectDownloads(db, ids, DOWNLOAD_DAYS),
    ]);
    return {
      distributionId: project.distribution_id,
      environments: environments.map((row) => ({
        name: row.name,
        releaseNumber: row.number,
        updatedAt: isoDate(row.updated_at),
        manifestPath: manifestPath(project.distribution_id, row.name),
      })),
      releases: rows.map((row) =>
        present(project, row, {
          files: files.filter((file) => file.release_id === row.id),
          downloads: served.filter((entry) => entry.release_id === row.id),
          environments,
        }),
      ),
      releaseOnReview: project.release_on_review,
    };
  }

  function present(
    project: ProjectRow,
    row: ReleaseRow,
    related: {
      files: { language_code: string; hash: string; bytes: number }[];
      downloads: { day: string; count: number }[];
      environments: EnvironmentRow[];
    },
  ): Release {
    return {
      id: row.id,
      number: row.number,
      environment: row.environment,
      branch: row.branch_name ?? MAIN_BRANCH,
      createdAt: isoDate(row.created_at),
      trigger: row.trigger as ReleaseTrigger,
      createdBy: row.created_by_key !== null ? `API key "${row.created_by_key}"` : row.created_by_name,
      languages: row.languages,
      only: row.only_strings as ReleaseStringFilter,
      placeholderFormat: row.placeholder_format as PullPlaceholderFormat,
      keyCount: row.key_count,
      keysChanged: row.keys_changed,
      files: related.files.map((file) => ({
        language: file.language_code,
        path: `/ota/${project.distribution_id}/${releaseFileName(file.hash)}`,
        bytes: Number(file.bytes),
      })),
      downloads: related.downloads.map((entry) => ({ day: entry.day, count: Number(entry.count) })),
      liveIn: related.environments.filter((env) => env.release_id === row.id).map((env) => env.name),
    };
  }

  async function loadManifest(distributionId: string, environment: string) {
    const rows = await selectManifest(db, distributionId, environment);
    const first = rows[0];
    if (!first) return null;
    const manifest: ReleaseManifest = {
      release: first.number,
      environment,
      branch: first.branch_name ?? MAIN_BRANCH,
      createdAt: isoDate(first.created_at),
      placeholderFormat: first.placeholder_format as PullPlaceholderFormat,
      files: Object.fromEntries(rows.map((row) => [row.language_code, releaseFileName(row.hash)])),
    };
    const body = JSON.stringify(manifest);
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    return { projectId: first.project_id, body, etag };
  }

  async function projectOfDistribution(distributionId: string): Promise<string | null> {
    const known = distributions.get(distributionId);
    if (known !== undefined) return known;
    const row = await selectDistributionProject(db, distributionId);
    const projectId = row?.id ?? null;
    // Unknown ids are not kept: a made-up id must not fill the map.
    if (projectId) {
      distributions.set(distributionId, projectId);
      if (distributions.size > 100_000) distributions.delete(distributions.keys().next().value as string);
    }
    return projectId;
  }

  return {
    async list(userId: string, projectId: string): Promise<ReleaseList> {
      await access.project(userId, projectId, "releases.view");
      return list(await projectOf(projectId));
    },

    /** The Releases screen's Publish: from the branch the request is on (`x-sprog-branch`), else main. */
    async publish(userId: string, projectId: string, body: PublishReleaseBody): Promise<Release> {
      await access.project(userId, projectId, "releases.publish");
      const project = await projectOf(projectId);
      const branch = currentBranch();
      if (branch && branch.projectId !== project.id) throw new AppError("not_found", "Branch not found");
      const { id } = await create(
        project,
        optionsOf(project, body, branch),
        { trigger: "person", userId },
        branch,
      );
      const all = await list(project);
      const release = all.releases.find((entry) => entry.id === id);
      if (!release) throw new AppError("internal", "The release was published but could not be read back");
      return release;
    },

    /** `POST /api/v1/releases` (`sprog release`): a key with the release scope. */
    async publishWithKey(apiKey: ApiKeyRow, body: PublishReleaseKeyBody) {
      const project = await projectOf(apiKey.project_id);
      const branch = await branches.scopeForKey(apiKey, body.branch);
      const options = optionsOf(project, body, branch);
      const keyName = apiKey.name?.trim() || apiKey.key_prefix;
      const { id, number } = await create(project, options, { trigger: "api", keyName }, branch);
      const texts = await selectRelease(db, id);
      return {
        number,
        environment: options.environment,
        branch: branch?.name ?? MAIN_BRANCH,
        languages: options.languages,
        keyCount: texts?.key_count ?? 0,
        keysChanged: texts?.keys_changed ?? 0,
        manifestPath: manifestPath(project.distribution_id, options.environment),
      };
    },

    /**
     * A review was completed: publishes a release to the project's chosen environment, if it chose
     * one. A failure is logged, never the review's: the review is completed either way.
     */
    async publishOnReview(projectId: string, userId: string | null): Promise<void> {
      try {
        const project = await projectOf(projectId);
        const environment = project.release_on_review;
        if (!environment) return;
        // A review is main's (reviews are not made on a branch), and so is its release.
        await onMain(() =>
          create(
            project,
            optionsOf(project, { environment }, undefined),
            { trigger: "review", userId },
            undefined,
          ),
        );
      } catch (error) {
        logger.error({ err: error, projectId }, "the release of a completed review failed");
      }
    },

    async activate(userId: string, releaseId: string, environment: string): Promise<ReleaseList> {
      if (!isUuid(releaseId)) throw new AppError("not_found", "Release not found");
      const release = await selectRelease(db, releaseId);
      if (!release) throw new AppError("not_found", "Release not found");
      await access.project(userId, release.project_id, "releases.publish").catch(notFoundAs("Release"));
      // Moving a branch's release to production later is publishing it there: refused alike.
      const refusal = branchReleaseRefusal(release.branch_name, environment);
      if (refusal) throw new AppError("validation_failed", refusal);
      await upsertEnvironment(db, release.project_id, environment, release.id);
      await changed(release.project_id);
      logger.info(
        { projectId: release.project_id, release: release.number, environment },
        "release activated",
      );
      return list(await projectOf(release.project_id));
    },

    async settings(userId: string, projectId: string, releaseOnReview: string | null): Promise<ReleaseList> {
      await access.project(userId, projectId, "releases.publish");
      await updateReleaseOnReview(db, projectId, releaseOnReview);
      await changed(projectId);
      return list(await projectOf(projectId));
    },

    /** The environment's manifest, or null when the distribution or environment has no release. */
    async manifest(distributionId: string, environment: string): Promise<ServedManifest | null> {
      const projectId = await projectOfDistribution(distributionId);
      if (!projectId) return null;
      return manifests.get(projectId, environment, () => loadManifest(distributionId, environment));
    },

    /**
     * A release file's bytes by its hash, also gzipped (once: the bytes never change), with its
     * project; undefined when the distribution has no such file.
     */
    async file(distributionId: string, hash: string) {
      const key = `${distributionId}/${hash}`;
      const held = files.get(key);
      if (held) return held;
      const row = await selectReleaseFile(db, distributionId, hash);
      if (!row) return undefined;
      const plain = new Uint8Array(row.bytes);
      const gzipped = new Uint8Array(await gzipAsync(plain));
      const found = { projectId: row.project_id, bytes: plain, gzipped };
      files.set(key, found);
      return found;
    },
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;
