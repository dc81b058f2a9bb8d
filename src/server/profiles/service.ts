import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { Profile, profileBodySchema } from "../../shared/schemas/profiles.ts";
import type { SessionUser } from "../auth/service.ts";
import type { DB, ProfilesTable } from "../db/schema.ts";
import { isoDate } from "../db/sql.ts";

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
      const row = await db
        .selectFrom("profiles")
        .selectAll()
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row ? presentProfile(row) : null;
    },

    async save(user: SessionUser, body: z.output<typeof profileBodySchema>): Promise<Profile> {
      const row = await db
        .insertInto("profiles")
        .values({ user_id: user.id, email: user.email, first_name: body.firstName, last_name: body.lastName })
        .onConflict((oc) =>
          oc
            .column("user_id")
            .doUpdateSet({ first_name: body.firstName, last_name: body.lastName, email: user.email }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentProfile(row);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
