import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { can } from "../../shared/permissions.ts";
import {
  IN_CONTEXT_KEYS_MAX,
  IN_CONTEXT_TOKEN_HOURS,
  IN_CONTEXT_TOKEN_PREFIX,
  type InContextKeys,
  type InContextToken,
} from "../../shared/schemas/in-context.ts";
import type { ScreenshotRect } from "../../shared/schemas/screenshots.ts";
import type { DB } from "../db/schema.ts";
import { selectDisplayName } from "../db/sql.ts";
import { AppError } from "../errors.ts";
import type { ScreenshotService } from "../screenshots/service.ts";
import type { StringService } from "../strings/service.ts";
import type { Access } from "../teams/access.ts";
import { insertToken, selectKeysByName, selectLiveToken } from "./queries.ts";

/** Who an app page's request acts as: the token's person, on its project, from its origin. */
export interface InContextGrant {
  userId: string;
  projectId: string;
  origin: string;
}

const TOKEN_BYTES = 32;

function hashOf(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const signInAgain = () =>
  new AppError("unauthorized", "Your in-context editing session has ended: sign in to Sprog again");

/**
 * In-context editing (issue 37). A signed-in person lets an app page's origin act as them on one
 * project for a few hours (the popup on Sprog); the page's requests then carry the token, and each
 * is checked as that person's own: their role's rights, today's membership.
 */
export function createInContextService(deps: {
  db: Kysely<DB>;
  access: Access;
  strings: Pick<StringService, "save">;
  screenshots: Pick<ScreenshotService, "upload">;
}) {
  const { db, access } = deps;

  return {
    async createToken(userId: string, projectId: string, origin: string): Promise<InContextToken> {
      const { role } = await access.project(userId, projectId);
      const token = `${IN_CONTEXT_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString("base64url")}`;
      const expiresAt = new Date(Date.now() + IN_CONTEXT_TOKEN_HOURS * 3600_000);
      await insertToken(db, { tokenHash: hashOf(token), userId, projectId, origin, expiresAt });
      const userName = (await selectDisplayName(db, userId)) ?? "you";
      return { token, expiresAt: expiresAt.toISOString(), projectId, origin, userName, role };
    },

    /** The grant of `Authorization: Bearer <token>` sent from `origin`; 401 otherwise. */
    async authenticate(
      authorization: string | undefined,
      origin: string | undefined,
    ): Promise<InContextGrant> {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
      if (!token?.startsWith(IN_CONTEXT_TOKEN_PREFIX)) {
        throw new AppError("unauthorized", "Sign in to Sprog to edit texts in the app");
      }
      const row = await selectLiveToken(db, hashOf(token));
      if (!row) throw signInAgain();
      // The token was given to one origin's page: another page (or a script that stole it) is refused.
      if (origin !== row.origin) {
        throw new AppError("forbidden", `This editing session belongs to ${row.origin}, not to this page`);
      }
      return { userId: row.user_id, projectId: row.project_id, origin: row.origin };
    },

    async keys(grant: InContextGrant, names: readonly string[], language: string): Promise<InContextKeys> {
      const { project, role } = await access.project(grant.userId, grant.projectId);
      if (!project.languages.includes(language)) {
        throw new AppError("validation_failed", `${language} is not a language of this project`);
      }
      if (names.length > IN_CONTEXT_KEYS_MAX) {
        throw new AppError("validation_failed", `At most ${IN_CONTEXT_KEYS_MAX} keys at once`);
      }
      const rows = await selectKeysByName(db, {
        projectId: project.id,
        names,
        language,
        sourceLanguage: project.source_language,
      });
      const byName = new Map(rows.map((row) => [row.key, row]));
      return {
        project: {
          id: project.id,
          name: project.name,
          sourceLanguage: project.source_language,
          languages: project.languages,
        },
        language,
        canEdit: can(role, "strings.edit"),
        canAddScreenshots: can(role, "screenshots.manage"),
        keys: names.flatMap((name) => {
          const row = byName.get(name);
          if (!row) return [];
          return [
            {
              id: row.id,
              name: row.key,
              description: row.description || null,
              maxLength: row.max_length,
              source: row.source,
              text: row.text,
              version: row.version ?? 0,
              screenshotCount: Number(row.screenshots),
            },
          ];
        }),
      };
    },

    async save(
      grant: InContextGrant,
      keyId: string,
      language: string,
      body: { text: string; version?: number | undefined },
    ) {
      const { project } = await access.key(grant.userId, keyId);
      if (project.id !== grant.projectId) throw new AppError("not_found", "Key not found");
      const saved = await deps.strings.save(grant.userId, keyId, language, {
        value: body.text,
        ...(body.version !== undefined && body.version > 0 ? { baseVersion: body.version } : {}),
      });
      return { text: saved.cell.value, version: saved.cell.version };
    },

    async screenshot(
      grant: InContextGrant,
      keyId: string,
      file: { name: string; bytes: Uint8Array; declaredType: string | undefined },
      rect: ScreenshotRect,
    ) {
      const { project } = await access.key(grant.userId, keyId);
      if (project.id !== grant.projectId) throw new AppError("not_found", "Key not found");
      const screenshot = await deps.screenshots.upload(grant.userId, keyId, file, rect);
      return { id: screenshot.id, keyId };
    },
  };
}

export type InContextService = ReturnType<typeof createInContextService>;
