import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteDialect } from "./pglite-dialect.ts";

interface TestDB {
  items: { id: number; label: string };
}

describe("PGlite dialect", () => {
  let pglite: PGlite;
  let db: Kysely<TestDB>;

  beforeAll(async () => {
    pglite = new PGlite();
    db = new Kysely<TestDB>({ dialect: new PGliteDialect(pglite) });
    await sql`create table items (id int primary key, label text not null)`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
    await pglite.close();
  });

  it("does not let a query from outside land inside an open transaction", async () => {
    await db.deleteFrom("items").execute();
    let releaseTransaction!: () => void;
    const holdOpen = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    let insertedInside!: () => void;
    const inside = new Promise<void>((resolve) => {
      insertedInside = resolve;
    });

    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("items").values({ id: 1, label: "inside" }).execute();
        insertedInside();
        await holdOpen;
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);

    await inside;
    // Sent while the transaction is open: it must wait, then commit on its own.
    const outside = db.insertInto("items").values({ id: 2, label: "outside" }).execute();
    let outsideDone = false;
    void outside.then(() => {
      outsideDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);

    releaseTransaction();
    expect(await transaction).toBe("roll back");
    await outside;

    const rows = await db.selectFrom("items").selectAll().orderBy("id").execute();
    // The rollback took the transaction's row only; the outside row survived it.
    expect(rows).toEqual([{ id: 2, label: "outside" }]);
  });

  it("commits, and reports affected rows", async () => {
    await db.deleteFrom("items").execute();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("items")
        .values([
          { id: 1, label: "a" },
          { id: 2, label: "b" },
        ])
        .execute();
    });
    const result = await db.updateTable("items").set({ label: "c" }).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
    expect(await db.selectFrom("items").select("label").execute()).toEqual([{ label: "c" }, { label: "c" }]);
  });

  it("rolls back to a savepoint without losing the rest of the transaction", async () => {
    await db.deleteFrom("items").execute();
    const trx = await db.startTransaction().execute();
    await trx.insertInto("items").values({ id: 1, label: "kept" }).execute();
    const nested = await trx.savepoint("sp1").execute();
    await nested.insertInto("items").values({ id: 2, label: "dropped" }).execute();
    const back = await nested.rollbackToSavepoint("sp1").execute();
    await back.commit().execute();
    expect(await db.selectFrom("items").select("label").execute()).toEqual([{ label: "kept" }]);
  });

  it("returns numbers for count(*) and int8", async () => {
    const row = await sql<{
      n: number;
      big: number;
    }>`select count(*) as n, 9007199254740::int8 as big from items`.execute(db);
    expect(typeof row.rows[0]?.n).toBe("number");
    expect(row.rows[0]?.big).toBe(9007199254740);
  });
});
