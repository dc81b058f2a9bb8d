import { monitorEventLoopDelay } from "node:perf_hooks";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedPostgres } from "./embedded/embedded-postgres.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import { AbandonedReadsPlugin, QueryAbandonedError, withQuerySignal } from "./query-scope.ts";

interface TestDB {
  items: { id: number; label: string };
}

describe("PGlite dialect", () => {
  let pglite: EmbeddedPostgres;
  let db: Kysely<TestDB>;

  // A fresh database runs initdb in WebAssembly: 3–6 s on a quiet machine, more on a busy one.
  beforeAll(async () => {
    pglite = await EmbeddedPostgres.open();
    db = new Kysely<TestDB>({ dialect: new PGliteDialect(pglite), plugins: [new AbandonedReadsPlugin()] });
    await sql`create table items (id int primary key, label text not null)`.execute(db);
  }, 60_000);

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

  // The reason the database has a thread of its own: PGlite runs a query synchronously, and on the
  // app's thread a long one held every request, timer and live event of the server.
  it("keeps the app's thread free while a long query runs", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const long = sql<{ n: number }>`select count(*)::int as n from generate_series(1, 6000000) a`.execute(db);
    const ticks: number[] = [];
    const started = performance.now();
    delay.enable();
    const timer = setInterval(() => ticks.push(performance.now() - started), 20);
    const { rows } = await long;
    clearInterval(timer);
    delay.disable();
    const took = performance.now() - started;
    expect(rows[0]?.n).toBe(6000000);
    // The timer kept firing all the while: about one tick per 20 ms of the query.
    expect(took).toBeGreaterThan(200);
    expect(ticks.length).toBeGreaterThan((took / 20) * 0.5);
    expect(delay.max / 1e6).toBeLessThan(150);
  }, 60_000);

  it("drops a read whose request was abandoned while it waited its turn, and lets writes finish", async () => {
    await db.deleteFrom("items").execute();
    const long = sql`select count(*) from generate_series(1, 3000000)`.execute(db);
    const abandoned = new AbortController();
    const [waitingRead, waitingWrite] = withQuerySignal(abandoned.signal, () => [
      db.selectFrom("items").selectAll().execute(),
      db.insertInto("items").values({ id: 7, label: "kept" }).execute(),
    ]);
    abandoned.abort();
    await expect(waitingRead).rejects.toBeInstanceOf(QueryAbandonedError);
    // Half a change is worse than wasted work: a write runs to its end.
    await waitingWrite;
    await long;
    // A request already abandoned does not even send its reads.
    await expect(
      withQuerySignal(abandoned.signal, () => sql`with a as (select 1) select * from a`.execute(db)),
    ).rejects.toBeInstanceOf(QueryAbandonedError);
    expect(await db.selectFrom("items").select("label").execute()).toEqual([{ label: "kept" }]);
  }, 60_000);

  it("reports a database error with its SQLSTATE and constraint, as PGlite does", async () => {
    await db.deleteFrom("items").execute();
    await db.insertInto("items").values({ id: 1, label: "a" }).execute();
    const error = await db
      .insertInto("items")
      .values({ id: 1, label: "b" })
      .execute()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey" });
  });

  it("delivers NOTIFY payloads to listeners until they unsubscribe", async () => {
    const seen: string[] = [];
    const stop = await pglite.listen("test_channel", (payload) => seen.push(payload));
    await sql`select pg_notify('test_channel', 'one')`.execute(db);
    await expect.poll(() => seen).toEqual(["one"]);
    await stop();
    await sql`select pg_notify('test_channel', 'two')`.execute(db);
    await sql`select 1`.execute(db);
    expect(seen).toEqual(["one"]);
  });
});
