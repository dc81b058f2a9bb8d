import type { Kysely } from "kysely";
import type { z } from "zod";
import { languageName } from "../../shared/languages.ts";
import type { HistoryEntry, SavedString, saveStringBodySchema } from "../../shared/schemas/keys.ts";
import { publishActivity } from "../activity/publish.ts";
import { recordStringEdits } from "../activity/record.ts";
import type { DB } from "../db/schema.ts";
import { selectDisplayName } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { Access } from "../teams/access.ts";
import { presentCurrent, presentHistoryEntry, presentSaved } from "./present.ts";
import { lockKey, selectHistory, selectHistoryEntry, selectStringForUpdate } from "./queries.ts";
import { deleteLanguageStrings, type HistoryOrigin, writeStrings } from "./string-writer.ts";

/** A concurrent edit: the error shape plus the cell as it is now, so the editor can choose. */
export class StringConflictError extends AppError {
  constructor(
    readonly current: { value: string; version: number; updatedAt: string; updatedBy: string | null },
  ) {
    super(
      "conflict",
      `${current.updatedBy ?? "Someone"} changed this translation while you were editing it.`,
    );
  }

  override toBody() {
    return { ...super.toBody(), current: this.current };
  }
}

export function createStringService(deps: { db: Kysely<DB>; access: Access; events: EventBus }) {
  const { db, access, events } = deps;

  /**
   * Saves one cell. Concurrency rule: a save names the version it started from (`baseVersion`,
   * absent for an empty cell). If the cell moved on meanwhile, the save is refused with 409 and the
   * current value, unless `force` says the editor chose to overwrite; either way every value stays
   * in history, so nothing is lost silently.
   */
  async function save(
    userId: string,
    keyId: string,
    language: string,
    body: z.output<typeof saveStringBodySchema>,
    origin: HistoryOrigin = "person",
  ): Promise<SavedString> {
    const { key, project } = await access.key(userId, keyId, "strings.edit");
    if (!project.languages.includes(language)) {
      throw new AppError("validation_failed", `${languageName(language)} is not a language of this project`);
    }
    const result = await db.transaction().execute(async (trx) => {
      await lockKey(trx, keyId);
      const current = await selectStringForUpdate(trx, keyId, language);
      const moved = current ? body.baseVersion !== current.version : (body.baseVersion ?? 0) > 0;
      if (current && moved && !body.force && current.value !== body.value) {
        throw new StringConflictError(presentCurrent(current));
      }
      const [written] = await writeStrings(
        trx,
        [{ keyId, projectId: project.id, language, value: body.value }],
        {
          origin,
          userId,
        },
      );
      // The event names the author; read with the write so it costs no extra round trip later.
      const by = await selectDisplayName(trx, userId);
      if (written) {
        // A restore is an edit too: a person chose the value the cell now has.
        const recorded = await recordStringEdits(trx, {
          teamId: project.team_id,
          projectId: project.id,
          userId,
          keys: [{ id: keyId, key: key.key }],
          languages: [language],
          count: 1,
        });
        return { written, by, recorded };
      }
      // Same value as stored: nothing changed, answer the cell as it is.
      return current
        ? {
            written: {
              keyId,
              language,
              value: current.value,
              version: current.version,
              updatedAt: new Date(current.updated_at),
              machine: current.machine,
            },
            by,
            recorded: null,
          }
        : undefined;
    });
    if (!result) throw new AppError("internal", "Failed to update translation");
    const saved = presentSaved(keyId, language, result.written);
    await events.publish(project.id, [
      { type: "string.updated", data: { keyId, language, cell: saved.cell, by: result.by } },
    ]);
    await publishActivity(deps, [result.recorded]);
    return saved;
  }

  return {
    save,

    /** Spec: delete all translations of a language (not the source), each kept in history. */
    async clearLanguage(userId: string, projectId: string, language: string): Promise<number> {
      const { project } = await access.project(userId, projectId, "strings.delete");
      const name = languageName(language);
      if (!project.languages.includes(language)) {
        throw new AppError("validation_failed", `${name} is not a language of this project`);
      }
      if (language === project.source_language) {
        throw new AppError(
          "validation_failed",
          `${name} is the source language; its strings are not deleted this way`,
        );
      }
      const { deleted, recorded } = await db.transaction().execute(async (trx) => {
        const deleted = await deleteLanguageStrings(trx, projectId, language, { origin: "person", userId });
        // Emptying a language is string work: counted with the person's edits of this minute.
        const recorded = await recordStringEdits(trx, {
          teamId: project.team_id,
          projectId,
          userId,
          keys: [],
          languages: [language],
          count: deleted,
        });
        return { deleted, recorded };
      });
      if (deleted === 0) throw new AppError("not_found", `No translations found for ${name}`);
      await events.publish(projectId, [{ type: "project.updated", data: { projectId } }]);
      await publishActivity(deps, [recorded]);
      return deleted;
    },

    async history(userId: string, keyId: string, language: string): Promise<HistoryEntry[]> {
      await access.key(userId, keyId, "languages.view");
      const rows = await selectHistory(db, keyId, language);
      return rows.map(presentHistoryEntry);
    },

    /** Brings an older value back as a new version (history keeps the one it replaces). */
    async restore(userId: string, keyId: string, language: string, historyId: number): Promise<SavedString> {
      await access.key(userId, keyId, "strings.edit");
      const entry = await selectHistoryEntry(db, historyId, keyId, language);
      if (!entry) throw new AppError("not_found", "History entry not found");
      return save(userId, keyId, language, { value: entry.value ?? "", force: true }, "restore");
    },
  };
}

export type StringService = ReturnType<typeof createStringService>;
