import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { FormatId, OutputFile } from "../../shared/formats/types.ts";
import { PULL_FILE_EXTENSIONS, type PullBody, type PullFormat } from "../../shared/schemas/pull.ts";
import { API_KEY_RATE_LIMIT_PER_MINUTE, type Authorize } from "../api-keys/authorize.ts";
import type { ApiKeyRow } from "../api-keys/service.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { ProjectRow } from "../teams/access.ts";
import { buildExportFiles, buildExportZip } from "../transfer/export-files.ts";
import { type FormatRunner, inProcessFormats } from "../transfer/format-workers.ts";
import { OutputCache } from "./output-cache.ts";
import { selectProject, selectPullState } from "./queries.ts";
import { ProjectStateCache } from "./state-cache.ts";

/** Default pull requests one key may make per minute (CI polling every second still fits). */
export const PULL_RATE_LIMIT_PER_MINUTE = API_KEY_RATE_LIMIT_PER_MINUTE;
/**
 * How long a project's ETag is trusted without asking the database again. Changes made by this
 * process drop it at once; ones made by another server process arrive by NOTIFY within
 * milliseconds, so this only bounds a lost notification.
 */
const ETAG_TTL_MS = 1000;
/** Bump when the files written for the same data change (a format module's output), so ETags do too. */
const OUTPUT_VERSION = "3";

/** What of a request the file depends on, besides the project: in its ETag and cache key. */
function parametersOf(body: PullBody) {
  return [
    body.format,
    body.placeholderFormat,
    body.language ?? "*",
    body.nested ?? false,
    body.sortKeys ?? false,
    body.namespace ?? null,
    body.includePseudo ?? false,
    body.includeUnverifiedAi ?? true,
    body.branch ?? "main",
  ];
}

const REGISTRY_FORMAT: Record<PullFormat, FormatId> = {
  json: "json",
  strings: "strings",
  stringsdict: "stringsdict",
  android: "xml",
};
const CONTENT_TYPES: Record<PullFormat, string> = {
  json: "application/json; charset=utf-8",
  strings: "text/plain; charset=utf-8",
  stringsdict: "application/x-plist; charset=utf-8",
  android: "application/xml; charset=utf-8",
};

export interface PullFile {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

/** The project's current ETag, and the file only when the client does not hold it already. */
export type PullAnswer = { kind: "not-modified"; etag: string } | ({ kind: "file"; etag: string } & PullFile);

/** Whether the client already holds the file of this ETag (the route reads that from its request). */
export type ClientHolds = (etag: string) => boolean;

/**
 * The public pull API (spec point 7): a project API key, a format and a placeholder format give the
 * file of one language, or `translations.zip` with every language. Answers carry an ETag naming the
 * project's state and the parameters, so a CI job that polls gets no file until something changes.
 * It answers data; the route speaks HTTP (If-None-Match, 200 or 304).
 */
export function createPullService(deps: {
  db: Kysely<DB>;
  /** The one check of API keys (api-keys/authorize.ts), handed to the routes with the service. */
  authorize: Authorize;
  events: Pick<EventBus, "subscribeChanges">;
  /** The server's format workers: a file is serialized off its event loop, as an export is. */
  formats?: FormatRunner;
}) {
  const { db, authorize, formats = inProcessFormats } = deps;
  const cache = new OutputCache<PullFile>();
  const etags = new ProjectStateCache<string>(deps.events, { ttlMs: ETAG_TTL_MS, maxProjects: 1000 });

  /**
   * What changes whenever the pulled files can: keys added, renamed or deleted (count, newest
   * change), strings written or deleted (count, newest change, sum of versions) of the languages
   * pulled and the source (placeholders are converted against it), the uploaded files the pulled
   * files are rendered on (count, newest upload), and the project row (languages, source language). The sum of versions catches a write whose transaction started before the
   * newest change (its updated_at is not the maximum); counts catch deletions. Aggregates over the
   * project's rows, no file is built: on 10,000 keys about 6 ms.
   */
  async function etagOf(trx: Kysely<DB>, project: ProjectRow, languages: string[], body: PullBody) {
    // Microseconds, so two changes in one millisecond still differ; one statement, one round trip.
    const state = await selectPullState(trx, project.id, [...languages, project.source_language]);
    const stamp = JSON.stringify([
      OUTPUT_VERSION,
      project.id,
      new Date(project.updated_at).getTime(),
      project.source_language,
      project.languages,
      state,
      ...parametersOf(body),
    ]);
    return `"${createHash("sha1").update(stamp).digest("base64url")}"`;
  }

  /**
   * One language: its file alone, read in pages (what is held is that file's entries and bytes).
   * Every language: the zip, each file deflated as it is made (the plain files are never all held).
   */
  async function build(trx: Kysely<DB>, project: ProjectRow, languages: string[], body: PullBody) {
    const request = {
      languages,
      format: REGISTRY_FORMAT[body.format],
      pretty: true,
      nested: body.nested ?? false,
      flattenPlurals: false,
      placeholderFormat: body.placeholderFormat,
      sortKeys: body.sortKeys ?? false,
      machine: { pseudo: body.includePseudo ?? false, ai: body.includeUnverifiedAi ?? true },
      ...(body.namespace !== undefined ? { namespace: body.namespace } : {}),
      // One language's file without a namespace is every key, as before namespaces.
      ...(body.language !== undefined && body.namespace === undefined ? { allNamespaces: true } : {}),
    };
    if (!body.language) {
      const bytes = await buildExportZip(trx, project, request, formats);
      return { bytes, contentType: "application/zip", fileName: "translations.zip" };
    }
    const files = await buildExportFiles(trx, project, request, formats);
    const ext = PULL_FILE_EXTENSIONS[body.format];
    const file: OutputFile | undefined = files.find((f) => f.path.endsWith(`.${ext}`)) ?? files[0];
    return {
      bytes: file?.bytes ?? new Uint8Array(),
      contentType: CONTENT_TYPES[body.format],
      fileName: `${body.language}.${ext}`,
    };
  }

  async function projectOf(trx: Kysely<DB>, projectId: string): Promise<ProjectRow> {
    const project = await selectProject(trx, projectId);
    // The key is deleted with its project, so this is a race with a deletion.
    if (!project) throw new AppError("unauthorized", "Invalid API key");
    return project;
  }

  function languagesOf(project: ProjectRow, body: PullBody): string[] {
    if (!body.language) return project.languages;
    if (!project.languages.includes(body.language)) {
      throw new AppError(
        "validation_failed",
        `language must be one of the project's languages: ${project.languages.join(", ")} (got ${JSON.stringify(body.language)})`,
      );
    }
    return [body.language];
  }

  return {
    /** The key of a request for `scope` (see createKeyAuthorizer): pull, status and key names ask `pull`. */
    authorize,

    async pull(
      apiKey: ApiKeyRow,
      body: PullBody,
      clientHolds: ClientHolds = () => false,
    ): Promise<PullAnswer> {
      // Cheap path first: the ETag alone answers a poll that changed nothing or one this
      // process answered before; while the project does not change it is not even recomputed.
      const parameters = JSON.stringify(parametersOf(body));
      const etag = await etags.get(apiKey.project_id, parameters, async () => {
        const project = await projectOf(db, apiKey.project_id);
        return etagOf(db, project, languagesOf(project, body), body);
      });
      if (clientHolds(etag)) return { kind: "not-modified", etag };
      const cached = cache.get(etag);
      if (cached) return { kind: "file", etag, ...cached };
      // Build and stamp from one snapshot, so the ETag names exactly these bytes.
      return db
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute(async (trx): Promise<PullAnswer> => {
          const current = await projectOf(trx, apiKey.project_id);
          const currentLanguages = languagesOf(current, body);
          const currentEtag = await etagOf(trx, current, currentLanguages, body);
          if (clientHolds(currentEtag)) return { kind: "not-modified", etag: currentEtag };
          const file = cache.get(currentEtag) ?? (await build(trx, current, currentLanguages, body));
          cache.set(currentEtag, file);
          return { kind: "file", etag: currentEtag, ...file };
        });
    },
  };
}

export type PullService = ReturnType<typeof createPullService>;
