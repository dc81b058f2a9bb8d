import type { MailServer } from "../tests/helpers/smtp.ts";
import type { BenchRow } from "./batch-translate.ts";
import { createProject, importJson, jsonFile, signedInOwner } from "./bench-session.ts";
import { ms, percentile } from "./measure.ts";
import { startServerProcess } from "./server-process.ts";

const KEYS = Number(process.env.BENCH_RESPONSIVE_KEYS ?? 50_000);
const PROBE_EVERY_MS = 25;

/**
 * The client's pooled keep-alive socket may have been closed by the server meanwhile (its 5 s idle
 * timeout fires late while PGlite holds the thread); the request never reached the server, so
 * sending it again on a new socket is what a browser does too.
 */
async function retryStaleSocket(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code !== "UND_ERR_SOCKET") throw error;
    await run();
  }
}

/**
 * Issue 16's reliability budget: while a 50,000-key import, a 50,000-key list and an XLSX export
 * of 50,000 keys run at once, a tiny request (GET /api/me) still answers in under 100 ms at p99.
 * The server runs in a process of its own, so the probes measure its event loop, not the bench's.
 * PostgreSQL holds the budget; on PGlite every query shares one thread with the server, so its
 * row is reported for the embedded-engine issue and not judged here.
 */
export async function responsiveness(kind: "pglite" | "postgres", mail: MailServer): Promise<BenchRow[]> {
  const server = await startServerProcess(kind, { SMTP_URL: mail.url, MAX_UPLOAD_MB: "100" });
  const scenario = `GET /api/me while a ${KEYS.toLocaleString("en")}-key import, list and XLSX export run`;
  const budget = kind === "postgres" ? "p99 < 100 ms" : "(embedded-engine issue)";
  try {
    const { client, teamId } = await signedInOwner(server.url, mail);
    const full = await createProject(client, teamId, "Full", ["en", "de"]);
    const en = jsonFile(KEYS, "en");
    await importJson(client, full, en, "en");
    await importJson(client, full, jsonFile(KEYS, "de"), "de");
    const empty = await createProject(client, teamId, "Empty", ["en"]);

    const headers = { cookie: client.cookie };
    const only = process.env.BENCH_RESPONSIVE_ONLY;
    const heavy = [
      () => importJson(client, empty, en, "en"),
      () =>
        fetch(`${server.url}/api/projects/${full}/keys?languages=en,de`, { headers }).then(async (answer) => {
          // Read and drop: parsing 50,000 keys here would only slow the bench, not the server.
          for await (const _ of answer.body ?? []) void _;
          if (!answer.ok) throw new Error(`list answered ${answer.status}`);
        }),
      () =>
        client
          .download("POST", `/api/projects/${full}/export`, { languages: ["en", "de"], format: "xlsx" })
          .then((answer) => {
            if (answer.status !== 200) throw new Error(`XLSX export answered ${answer.status}`);
          }),
    ].filter((_, index) => !only || ["import", "list", "xlsx"][index] === only);
    let running = true;
    const done = Promise.all(heavy.map((run) => retryStaleSocket(run))).finally(() => {
      running = false;
    });
    // Rejected before the probes end: handled below, not an unhandled rejection that ends the bench.
    done.catch(() => {});
    const latencies: number[] = [];
    const started = performance.now();
    while (running) {
      const sent = performance.now();
      const answer = await fetch(`${server.url}/api/me`, { headers });
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`/api/me answered ${answer.status}`);
      latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
    await done;
    const p99 = percentile(latencies, 99);
    return [
      {
        scenario,
        result: `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)}, max ${ms(Math.max(...latencies))} (${latencies.length} probes over ${ms(performance.now() - started)})`,
        budget,
        ok: kind === "postgres" ? p99 < 100 : undefined,
      },
    ];
  } catch (error) {
    return [{ scenario, result: `failed: ${(error as Error).message.split("\n")[0]}`, budget, ok: false }];
  } finally {
    await server.stop();
  }
}
