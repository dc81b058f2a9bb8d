import { CompiledQuery, type Kysely, type KyselyPlugin, sql } from "kysely";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { DB } from "../../src/server/db/schema.ts";
import { createMemoryService } from "../../src/server/memory/memory-service.ts";
import { createAccess } from "../../src/server/teams/access.ts";
import { setupTestDatabase } from "../helpers/database.ts";

/**
 * Issue 16: a translation-memory lookup must cost what the asking team's own strings cost, whatever
 * other teams hold (anyone can sign up and fill a team with strings similar to everyone's). Checked
 * by the rows the lookup's plan visits in translation_strings (EXPLAIN ANALYZE), not by time:
 * speed budgets live in `npm run bench -- memory`.
 */
const testDb = setupTestDatabase();

const OWN_KEYS = 100;
const OTHER_TEAMS = 3;
const OTHER_KEYS_PER_TEAM = 1500;

/** A team with one project (en → de) of `keys` keys whose source texts all resemble each other. */
async function seedTeam(db: Kysely<DB>, name: string, keys: number) {
  const teamId = `${name}-${crypto.randomUUID()}`;
  await sql`insert into teams (id, name) values (${teamId}, ${name})`.execute(db);
  const project = await sql<{ id: string }>`
    insert into projects (team_id, name, source_language, languages)
    values (${teamId}, ${name}, 'en', '{en,de}') returning id
  `.execute(db);
  const projectId = project.rows[0]?.id ?? "";
  await sql`
    insert into translation_keys (project_id, key)
    select ${projectId}::uuid, 'saved.' || g from generate_series(1, ${keys}::int) g
  `.execute(db);
  await sql`
    insert into translation_strings (key_id, project_id, language_code, value)
    select k.id, k.project_id, l.code,
      case l.code when 'en' then 'Your changes have been saved ' || substr(k.key, 7)
        else ${name} || ': Änderungen gespeichert ' || substr(k.key, 7) end
    from translation_keys k cross join (values ('en'), ('de')) l(code)
    where k.project_id = ${projectId}::uuid
  `.execute(db);
  return { teamId, projectId };
}

/** Every statement the service sends, compiled, so a test can replay one under EXPLAIN. */
function capturing(db: Kysely<DB>) {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), queries };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/** Rows of translation_strings the plan read: returned by its scans, or read and thrown away. */
function stringRowsVisited(node: PlanNode): number {
  let own = 0;
  if (node["Relation Name"] === "translation_strings") {
    const perLoop =
      (node["Actual Rows"] ?? 0) +
      (node["Rows Removed by Filter"] ?? 0) +
      (node["Rows Removed by Index Recheck"] ?? 0);
    own = perLoop * (node["Actual Loops"] ?? 1);
  }
  return own + (node.Plans ?? []).reduce((sum, child) => sum + stringRowsVisited(child), 0);
}

/**
 * Replays the lookup (the statement after the settings, which run first in the same transaction)
 * under EXPLAIN ANALYZE and counts the string rows it visited.
 */
async function rowsVisitedBy(db: Kysely<DB>, queries: CompiledQuery[]): Promise<number> {
  const settings = queries.findIndex((query) => query.sql.includes("set_config"));
  const settingsQuery = queries[settings];
  const lookup = queries[settings + 1];
  if (!settingsQuery || !lookup) throw new Error("no lookup captured");
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(settingsQuery);
    const plan = await trx.executeQuery<{ "QUERY PLAN": unknown }>(
      CompiledQuery.raw(`explain (analyze, format json) ${lookup.sql}`, [...lookup.parameters]),
    );
    const raw = plan.rows[0]?.["QUERY PLAN"];
    const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const root = parsed[0]?.Plan;
    if (!root) throw new Error("no plan");
    return stringRowsVisited(root);
  });
}

/** The asking team (a member, its project, 10 keys to ask for), alone in the database so far. */
async function seedMine(db: Kysely<DB>) {
  const mine = await seedTeam(db, "mine", OWN_KEYS);
  const userId = `user-${crypto.randomUUID()}`;
  await sql`insert into users (id, email) values (${userId}, ${`${userId}@example.com`})`.execute(db);
  await sql`
    insert into members (id, team_id, user_id, role, created_at)
    values (${crypto.randomUUID()}, ${mine.teamId}, ${userId}, 'owner', now())
  `.execute(db);
  await sql`analyze`.execute(db);
  const asking = await sql<{ id: string; text: string }>`
    select k.id, s.value as text from translation_keys k
    join translation_strings s on s.key_id = k.id and s.language_code = 'en'
    where k.project_id = ${mine.projectId}::uuid order by k.key limit 10
  `.execute(db);
  return { ...mine, userId, asking: asking.rows, ownStrings: OWN_KEYS * 2 };
}

/** Other teams whose every source text is similar to the asking team's. */
async function seedOthers(db: Kysely<DB>) {
  for (let i = 0; i < OTHER_TEAMS; i++) await seedTeam(db, `other${i}`, OTHER_KEYS_PER_TEAM);
  await sql`analyze`.execute(db);
}

async function seedWorld(db: Kysely<DB>) {
  const mine = await seedMine(db);
  await seedOthers(db);
  return mine;
}

type World = Awaited<ReturnType<typeof seedMine>>;

/** Rows visited by one suggestion lookup and by the examples of a 10-text chunk, answers checked. */
async function lookupCosts(db: Kysely<DB>, world: World) {
  const first = world.asking[0];
  if (!first) throw new Error("no key seeded");
  const suggestions = capturing(db);
  const service = createMemoryService({ db: suggestions.db, access: createAccess(suggestions.db) });
  const list = await service.suggestions(world.userId, first.id, "de");
  expect(list).toHaveLength(5);
  for (const suggestion of list) expect(suggestion.translation).toMatch(/^mine: /);

  const examples = capturing(db);
  const batch = createMemoryService({ db: examples.db, access: createAccess(examples.db) });
  const found = await batch.examplesFor({
    teamId: world.teamId,
    sourceLanguage: "en",
    targetLanguage: "de",
    texts: world.asking.map((row) => ({ keyId: row.id, text: row.text })),
  });
  expect(found.size).toBe(world.asking.length);
  for (const list of found.values()) {
    for (const example of list) expect(example.translation).toMatch(/^mine: /);
  }
  return {
    suggestions: await rowsVisitedBy(db, suggestions.queries),
    examples: await rowsVisitedBy(db, examples.queries),
  };
}

describe("translation memory lookups are scoped to the team first", () => {
  it("visit as many strings with thousands of similar ones in other teams as without them", async () => {
    const { db } = testDb();
    const world = await seedMine(db);
    const alone = await lookupCosts(db, world);

    await seedOthers(db);
    const crowded = await lookupCosts(db, world);
    // The plan may change with the statistics, the work not with what other teams hold: a tenth
    // more at most (a lookup that is not scoped reads all 4,500 of their similar strings, each time).
    expect(crowded.suggestions).toBeLessThanOrEqual(alone.suggestions * 1.1);
    expect(crowded.examples).toBeLessThanOrEqual(alone.examples * 1.1);
  });

  it("finds nothing for a text without trigrams among thousands of such strings elsewhere", async () => {
    const { db: plain } = testDb();
    const world = await seedWorld(plain);
    const other = await seedTeam(plain, "dots", 0);
    await sql`
      insert into translation_keys (project_id, key)
      select ${other.projectId}::uuid, 'dots.' || g from generate_series(1, 3000) g
    `.execute(plain);
    await sql`
      insert into translation_strings (key_id, project_id, language_code, value)
      select k.id, k.project_id, l.code, case l.code when 'en' then '…' else 'dots: …' end
      from translation_keys k cross join (values ('en'), ('de')) l(code)
      where k.project_id = ${other.projectId}::uuid
    `.execute(plain);
    const first = world.asking[0];
    if (!first) throw new Error("no key seeded");
    await sql`
      update translation_strings set value = '…' where key_id = ${first.id}::uuid and language_code = 'en'
    `.execute(plain);
    await sql`analyze`.execute(plain);

    const captured = capturing(plain);
    const service = createMemoryService({ db: captured.db, access: createAccess(captured.db) });
    expect(await service.suggestions(world.userId, first.id, "de")).toEqual([]);
    expect(await rowsVisitedBy(plain, captured.queries)).toBeLessThanOrEqual(world.ownStrings);
  });

  // Besides the scoping above, PostgreSQL cancels a lookup that overruns.
  it("a lookup that overruns its statement timeout gives no examples and is logged; the batch goes on", async () => {
    const { db } = testDb();
    const world = await seedWorld(db);
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
    const service = createMemoryService({ db, access: createAccess(db), logger, lookupTimeoutMs: 200 });
    const texts = world.asking.map((row) => ({ keyId: row.id, text: row.text }));

    // Another transaction holds the strings table: the lookup waits until its timeout.
    const found = await db.transaction().execute(async (trx) => {
      await sql`lock table translation_strings in access exclusive mode`.execute(trx);
      return service.examplesFor({
        teamId: world.teamId,
        sourceLanguage: "en",
        targetLanguage: "de",
        texts,
      });
    });
    expect(found.size).toBe(0);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      "translation memory lookup timed out: no examples for this chunk",
    ]);

    // Unblocked, the same service answers again.
    const again = await service.examplesFor({
      teamId: world.teamId,
      sourceLanguage: "en",
      targetLanguage: "de",
      texts,
    });
    expect(again.size).toBe(texts.length);
  });
});
