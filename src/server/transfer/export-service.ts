import type { Kysely } from "kysely";
import type { z } from "zod";
import { languageName } from "../../shared/languages.ts";
import type { exportBodySchema } from "../../shared/schemas/transfer.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Access } from "../teams/access.ts";
import { exportZipStream } from "./export-files.ts";
import { type FormatRunner, inProcessFormats } from "./format-workers.ts";

/**
 * The export dialog (spec points 2, 4, 7): the languages asked, in one format, as
 * `translations-{projectId}.zip`. `db` is where the pages are read: the server gives Database.bulk.
 */
export function createExportService(deps: { db: Kysely<DB>; access: Access; formats?: FormatRunner }) {
  const { db, access, formats = inProcessFormats } = deps;
  return {
    async exportZip(
      userId: string,
      projectId: string,
      request: z.output<typeof exportBodySchema>,
    ): Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }> {
      // Spec point 6: Export is one of canManageKeys' actions, as Import is.
      const { project } = await access.project(userId, projectId, "keys.manage");
      for (const code of request.languages) {
        if (!project.languages.includes(code)) {
          throw new AppError("validation_failed", `${languageName(code)} is not a language of this project`);
        }
      }
      const stream = exportZipStream(
        db,
        project,
        {
          languages: request.languages,
          format: request.format,
          pretty: request.pretty,
          nested: request.nested,
          flattenPlurals: request.flatten,
          placeholderFormat: request.placeholderFormat,
          sortKeys: request.sortKeys,
          machine: { pseudo: request.includePseudo, ai: request.includeUnverifiedAi },
        },
        formats,
      );
      // The first file is made before the answer starts, so a failure there is still an error
      // answer; one later can only cut the download short.
      return { fileName: `translations-${projectId}.zip`, stream: await startedStream(stream) };
    },
  };
}

/** The stream with its first chunk already read (any error so far thrown here), as a stream again. */
async function startedStream(stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const reader = stream.getReader();
  let first: ReadableStreamReadResult<Uint8Array> | undefined = await reader.read();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = first ?? (await reader.read());
      first = undefined;
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

export type ExportService = ReturnType<typeof createExportService>;
