import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { Profile, profileBodySchema } from "../../shared/schemas/profiles.ts";
import type { SessionUser } from "../auth/service.ts";
import type { DB, ProfilesTable } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";
import { selectProfile, upsertProfile } from "./queries.ts";

export function presentProfile(row: Selectable<ProfilesTable>): Profile {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    createdAt: isoDate(row.created_at),
  };
}

export function createProfileService(db: Kysely<DB>) {
  return {
    async find(userId: string): Promise<Profile | null> {
      const row = await selectProfile(db, userId);
      return row ? presentProfile(row) : null;
    },

    async save(user: SessionUser, body: z.output<typeof profileBodySchema>): Promise<Profile> {
      const row = await upsertProfile(db, user, body);
      return presentProfile(row);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
