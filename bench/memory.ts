import { type Kysely, sql } from "kysely";
import type { DB } from "../src/server/db/schema.ts";
import { createMemoryService } from "../src/server/memory/memory-service.ts";
import { createAccess } from "../src/server/teams/access.ts";
import { contract } from "../src/shared/contract/index.ts";
import { ApiClient } from "../tests/helpers/api-client.ts";
import { type AppServer, startAppServer } from "../tests/helpers/app-server.ts";
import { call } from "../tests/helpers/contract-client.ts";
import { startMailServer } from "../tests/helpers/smtp.ts";
import type { BenchRow } from "./batch-translate.ts";
import { median, ms, percentile, samples } from "./measure.ts";

/**
 * Issue 16 item 2, translation memory: a lookup costs what the asking team's own strings cost,
 * however many similar strings other teams hold (anyone can sign up and fill a team). A team with
 * a normal project of a few thousand strings asks for suggestions (through the API, as the editor
 * does) and for a batch chunk's examples (the service, as the batch worker does), first alone and
 * then with `otherStrings` source strings (each with a translation) in other teams, all similar to
 * the team's texts: the worst case for a lookup that is not scoped to the team. Runs on its own
 * server so the million extra rows do not weigh on the other groups' figures.
 */

const BUDGET_MS = 50;
const TEAM_KEYS = 3_000;
const LOOKUPS = 50;
const CHUNK = 50;
const CHUNK_SAMPLES = 10;
/** Keys per other team (one project each) and per insert statement. */
const OTHER_KEYS_PER_TEAM = 1_000;
const INSERT_BATCH_TEAMS = 50;

/**
 * Source texts are verb + object + phrase, 3,000 different ones, like a UI's: each shares two of its
 * three parts (a similar text) with about 40 others, and the other teams' keys hold the same texts
 * (identical and similar ones, for both kinds of lookup).
 */
const VERBS = ["Save", "Delete", "Share", "Upload", "Download", "Open", "Rename", "Move", "Copy", "Archive"];
const OBJECTS = [
  "the file",
  "this folder",
  "your photo",
  "the report",
  "all messages",
  "the invoice",
  "this project",
  "your profile",
  "the draft",
  "selected items",
  "the contact",
  "this album",
  "the backup",
  "your settings",
  "the template",
];
const PHRASES = [
  "now",
  "to the cloud",
  "for later",
  "with your team",
  "in a new window",
  "from this device",
  "to your computer",
  "before you leave",
  "on all devices",
  "to another folder",
  "without asking",
  "in the background",
  "as a copy",
  "by email",
  "to the archive",
  "for everyone",
  "right away",
  "one more time",
  "from the list",
  "and close it",
];

/** Strings for every key of the given projects: the English text and (9 in 10) a German one. */
async function seedStrings(db: Kysely<DB>, projectIds: string[], prefix: string) {
  // Keys are named `<prefix>.key.<n>`: n picks the text's parts.
  const n = sql`split_part(k.key, '.', 3)::int`;
  await sql`
    insert into translation_strings (key_id, project_id, language_code, value)
    select k.id, k.project_id, l.code,
      case l.code when 'en' then (${VERBS}::text[])[1 + ${n} % ${VERBS.length}] || ' '
          || (${OBJECTS}::text[])[1 + ${n} / ${VERBS.length} % ${OBJECTS.length}] || ' '
          || (${PHRASES}::text[])[1 + ${n} / ${VERBS.length * OBJECTS.length} % ${PHRASES.length}]
        else ${prefix} || ': Übersetzung ' || ${n} end
    from translation_keys k cross join (values ('en'), ('de')) l(code)
    where k.project_id = any(${projectIds}::uuid[]) and (l.code = 'en' or ${n} % 10 <> 0)
  `.execute(db);
}

async function seedTeamProject(db: Kysely<DB>, projectId: string) {
  await sql`
    insert into translation_keys (project_id, key)
    select ${projectId}::uuid, 'memory.key.' || g from generate_series(1, ${TEAM_KEYS}::int) g
  `.execute(db);
  await seedStrings(db, [projectId], "team");
}

/**
 * `count` source strings (and translations) in teams of 1,000 keys (the last teams' share rounded
 * up), inserted 50 teams at a time.
 */
async function seedOtherTeams(db: Kysely<DB>, count: number) {
  const teams = Math.ceil(count / OTHER_KEYS_PER_TEAM);
  for (let first = 1; first <= teams; first += INSERT_BATCH_TEAMS) {
    const last = Math.min(teams, first + INSERT_BATCH_TEAMS - 1);
    const perTeam = Math.min(OTHER_KEYS_PER_TEAM, count);
    await sql`
      insert into teams (id, name)
      select 'bench-other-' || t, 'Other ' || t from generate_series(${first}::int, ${last}::int) t
    `.execute(db);
    const projects = await sql<{ id: string }>`
      insert into projects (team_id, name, source_language, languages)
      select 'bench-other-' || t, 'Other', 'en', '{en,de}' from generate_series(${first}::int, ${last}::int) t
      returning id
    `.execute(db);
    const projectIds = projects.rows.map((row) => row.id);
    await sql`
      insert into translation_keys (project_id, key)
      select p, 'other.key.' || g from unnest(${projectIds}::uuid[]) p, generate_series(1, ${perTeam}::int) g
    `.execute(db);
    await seedStrings(db, projectIds, "other");
  }
}

const summary = (times: number[]) => `p50 ${ms(median(times))}, p95 ${ms(percentile(times, 95))}`;

/** What is timed: one suggestion lookup in the service and through the API, one chunk's examples. */
interface Probes {
  /** Each answers how many it found: an empty answer would be fast for the wrong reason. */
  lookup(keyId: string): Promise<number>;
  api(keyId: string): Promise<number>;
  chunk(): Promise<number>;
}

async function timed(times: number, keyIds: string[], run: (keyId: string) => Promise<number>) {
  let i = 0;
  const once = async () => {
    const keyId = keyIds[i++ % keyIds.length] ?? "";
    if ((await run(keyId)) === 0) throw new Error(`no translation memory found for key ${keyId}`);
  };
  await samples(5, once);
  return samples(times, once);
}

async function measure(probes: Probes, keyIds: string[]) {
  return {
    lookups: await timed(LOOKUPS, keyIds, probes.lookup),
    api: await timed(LOOKUPS, keyIds, probes.api),
    chunks: await timed(CHUNK_SAMPLES, keyIds, probes.chunk),
  };
}

async function signUp(app: AppServer, mailCodeFor: (email: string) => Promise<string>) {
  const client = new ApiClient(app.url);
  const email = `bench-memory-${Date.now()}@example.com`;
  await call(client, contract.auth.sendCode, { body: { email } });
  await call(client, contract.auth.verify, { body: { email, code: await mailCodeFor(email) } });
  await call(client, contract.profiles.save, { body: { firstName: "Bench" } });
  const team = await call(client, contract.teams.create, { body: { name: "Memory" } });
  const project = await call(client, contract.projects.create, {
    params: { teamId: team.body.id },
    body: { name: "Memory" },
  });
  await call(client, contract.projects.setLanguages, {
    params: { projectId: project.body.id },
    body: { languages: ["en", "de"] },
  });
  const user = await app.server.database.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return { client, userId: user.id, teamId: team.body.id, projectId: project.body.id };
}

/** The memory scenarios on their own server; a failure is a row, never an exception. */
export async function memoryScenarios(
  kind: "embedded" | "postgres",
  options: { otherStrings: number },
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const mail = await startMailServer();
  let app: AppServer | undefined;
  const team = `team of ${TEAM_KEYS.toLocaleString("en")} keys`;
  try {
    app = await startAppServer({ SMTP_URL: mail.url }, { database: kind });
    const db = app.server.database.db;
    const { client, userId, teamId, projectId } = await signUp(app, (email) => mail.codeFor(email));
    await seedTeamProject(db, projectId);
    const keys = await sql<{ id: string; text: string }>`
      select k.id, s.value as text from translation_keys k
      join translation_strings s on s.key_id = k.id and s.language_code = 'en'
      where k.project_id = ${projectId}::uuid
      order by k.key
    `.execute(db);
    const step = Math.floor(keys.rows.length / LOOKUPS);
    const asking = keys.rows.filter((_, index) => index % step === 0).slice(0, LOOKUPS);
    const texts = keys.rows.slice(0, CHUNK).map((row) => ({ keyId: row.id, text: row.text }));
    const memory = createMemoryService({ db, access: createAccess(db) });
    const probes: Probes = {
      lookup: async (keyId) => (await memory.suggestions(userId, keyId, "de")).length,
      api: async (keyId) => {
        const answer = await call(client, contract.memory.suggestions, { params: { keyId, lang: "de" } });
        return answer.body.suggestions?.length ?? 0;
      },
      chunk: async () =>
        (await memory.examplesFor({ teamId, sourceLanguage: "en", targetLanguage: "de", texts })).size,
    };
    const keyIds = asking.map((row) => row.id);

    const alone = await measure(probes, keyIds);

    const seedStart = performance.now();
    await seedOtherTeams(db, options.otherStrings);
    rows.push({
      scenario: `translation memory: seed ${options.otherStrings.toLocaleString("en")} similar source strings (+ translations) in other teams`,
      result: ms(performance.now() - seedStart),
      budget: "(setup)",
      ok: undefined,
    });
    // Seeding took minutes: the client's keep-alive socket may be stale now.
    await call(client, contract.auth.me, {}).catch(() => undefined);

    const crowded = await measure(probes, keyIds);
    rows.push({
      scenario: `translation memory: one suggestion lookup (service, ${LOOKUPS} keys, ${team})`,
      result: `${summary(crowded.lookups)} (team alone: ${summary(alone.lookups)})`,
      budget: `< ${BUDGET_MS} ms`,
      ok: percentile(crowded.lookups, 95) < BUDGET_MS,
    });
    rows.push({
      scenario: "translation memory: the same through the API (session, access, JSON)",
      result: `${summary(crowded.api)} (team alone: ${summary(alone.api)})`,
      budget: "(measured)",
      ok: undefined,
    });
    const perText = percentile(crowded.chunks, 95) / CHUNK;
    rows.push({
      scenario: `translation memory: examples for a ${CHUNK}-key chunk (${CHUNK_SAMPLES} chunks)`,
      result: `${summary(crowded.chunks)} = ${ms(perText)} a text at p95 (team alone: ${summary(alone.chunks)})`,
      budget: `< ${BUDGET_MS} ms a text`,
      ok: perText < BUDGET_MS,
    });
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0] ?? "";
    rows.push({ scenario: "translation memory", result: `failed: ${reason}`, budget: "", ok: false });
  } finally {
    await app?.stop();
    await mail.close();
  }
  return rows;
}
