/**
 * Copying the `public` tables of a PGlite database into a PostgreSQL one (convert-pglite.ts).
 * Both ends are PostgreSQL (PGlite 0.5 is 18.x), so the same catalog queries serve both.
 */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** Bookkeeping the target's Kysely Migrator writes itself: compared, never copied. */
export const MIGRATION_TABLES = ["schema_migrations", "schema_migrations_lock"];

const ROWS_PER_CHUNK = 5000;
/** Stored bytes per chunk: screenshots of several MB each must not travel 5,000 at a time. */
const BYTES_PER_CHUNK = 8 * 1024 * 1024;
/** Heap blocks whose row sizes are read at once: bounded reads, however large the table. */
const BLOCKS_PER_WINDOW = 64;

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const rel = (table: string) => `public.${ident(table)}`;

export async function publicRelations(db: Queryable, kind: "r" | "S"): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = $1 order by c.relname`,
    [kind],
  );
  return rows.map((row) => row.name);
}

/** Generated columns are left out: the target computes them again. */
export async function columnsOf(db: Queryable, table: string): Promise<{ name: string; type: string }[]> {
  const { rows } = await db.query<{ name: string; type: string }>(
    `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [rel(table)],
  );
  return rows;
}

/** The migrations ran to the same point on both ends, so anything else is a bug worth stopping for. */
export async function assertSameTables(source: Queryable, target: Queryable, tables: string[]) {
  const theirs = (await publicRelations(target, "r")).filter((name) => !MIGRATION_TABLES.includes(name));
  const differ = [...new Set([...tables, ...theirs])].filter(
    (name) => !tables.includes(name) || !theirs.includes(name),
  );
  for (const table of tables) {
    if (differ.includes(table)) continue;
    const [a, b] = [await columnsOf(source, table), await columnsOf(target, table)];
    if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(table);
  }
  if (differ.length > 0) throw new Error(`the migrated tables differ from PGlite's: ${differ.join(", ")}`);
}

export async function countRows(db: Queryable, table: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*)::text as n from ${rel(table)}`);
  return Number(rows[0]?.n ?? 0);
}

interface Chunk {
  from: string;
  to: string;
  rows: number;
  bytes: number;
}

/**
 * Consecutive ctid ranges of at most ROWS_PER_CHUNK rows and BYTES_PER_CHUNK stored bytes. Walking
 * the heap by block windows keeps every read a TID range scan: `ctid > $last order by ctid limit n`
 * would sort the rest of the table again for every chunk. pg_column_size reads no TOASTed value.
 */
async function* chunksOf(source: Queryable, table: string, columns: string[]): AsyncGenerator<Chunk> {
  const size = columns.map((column) => `coalesce(pg_column_size(${column}), 0)`).join(" + ");
  const { rows } = await source.query<{ blocks: number }>(
    `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as blocks`,
    [rel(table)],
  );
  const blocks = rows[0]?.blocks ?? 0;
  let chunk: Chunk | undefined;
  for (let start = 0; start < blocks; start += BLOCKS_PER_WINDOW) {
    const window = await source.query<{ at: string; bytes: number }>(
      `select ctid::text as at, (${size})::float8 as bytes from ${rel(table)}
       where ctid >= '(${start},0)'::tid and ctid < '(${start + BLOCKS_PER_WINDOW},0)'::tid order by ctid`,
    );
    for (const row of window.rows) {
      if (chunk && (chunk.rows >= ROWS_PER_CHUNK || chunk.bytes + row.bytes > BYTES_PER_CHUNK)) {
        yield chunk;
        chunk = undefined;
      }
      chunk ??= { from: row.at, to: row.at, rows: 0, bytes: 0 };
      chunk.to = row.at;
      chunk.rows += 1;
      chunk.bytes += row.bytes;
    }
  }
  if (chunk) yield chunk;
}

/**
 * Every value travels as its PostgreSQL text form inside a JSON array, and the target casts it back
 * to the column's type: the round trip pg_dump relies on. json_populate_recordset is not used: it
 * reads a json/jsonb `null` as SQL NULL and drops an array's lower bound (`[0:1]={5,6}`).
 * OVERRIDING SYSTEM VALUE keeps identity columns' values (and changes nothing elsewhere).
 */
export async function copyTable(source: Queryable, target: Queryable, table: string): Promise<void> {
  const columns = await columnsOf(target, table);
  const names = columns.map((column) => ident(column.name));
  const texts = names.map((name) => `${name}::text`).join(", ");
  const read = `select coalesce(json_agg(array[${texts}] order by ctid), '[]')::text as data
    from ${rel(table)} where ctid >= $1::tid and ctid <= $2::tid`;
  const casts = columns.map((column, i) => `(r->>${i})::${column.type}`).join(", ");
  const write = `insert into ${rel(table)} (${names.join(", ")}) overriding system value
    select ${casts} from json_array_elements($1::json) r`;
  for await (const chunk of chunksOf(source, table, names)) {
    const { rows } = await source.query<{ data: string }>(read, [chunk.from, chunk.to]);
    await target.query(write, [rows[0]?.data ?? "[]"]);
  }
}

/** Sequence state is not rolled back with the transaction: harmless, as the next try sets it again. */
export async function copySequences(source: Queryable, target: Queryable): Promise<void> {
  for (const name of await publicRelations(source, "S")) {
    const { rows } = await source.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${rel(name)}`,
    );
    const [state] = rows;
    if (!state) continue;
    await target.query("select setval($1::regclass, $2::bigint, $3)", [rel(name), state.value, state.called]);
  }
}
