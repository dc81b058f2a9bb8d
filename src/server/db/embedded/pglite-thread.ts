import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pgliteExtensions } from "./extensions.ts";
import { errorFields, type OpenOptions, type Reply, type Request } from "./protocol.ts";

/**
 * The embedded database's own thread: one PGlite, driven by messages from the app's thread.
 *
 * Operations outside a transaction wait in a queue here, one at a time, so an operation whose
 * caller gave up (`cancel`) is dropped before it runs; PGlite cannot stop a query once it runs.
 * Operations inside a transaction skip the queue: the transaction holds PGlite until it ends, and
 * PGlite keeps every other query waiting meanwhile.
 */

const port = parentPort;
if (!port) throw new Error("pglite-thread.ts runs as a worker thread");

class RollbackSignal extends Error {}

interface OpenTransaction {
  tx: Transaction;
  finish: (outcome: "commit" | "rollback") => void;
  done: Promise<void>;
}

const options = workerData as OpenOptions;
const pglite = new PGlite({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  extensions: pgliteExtensions,
  ...(options.loadDataDir ? { loadDataDir: new Blob([new Uint8Array(options.loadDataDir)]) } : {}),
});
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<string, () => Promise<void>>();
const queue: Request[] = [];
let running = false;

function send(reply: Reply) {
  port?.postMessage(reply);
}

function answer(id: number, work: () => Promise<unknown>): Promise<void> {
  return work().then(
    (value) => send({ kind: "result", id, ok: true, value }),
    (error: unknown) => send({ kind: "result", id, ok: false, error: errorFields(error) }),
  );
}

function target(tx: number | undefined) {
  if (tx === undefined) return pglite;
  const open = transactions.get(tx);
  if (!open) throw new Error(`no open transaction ${tx}`);
  return open.tx;
}

/**
 * A large result goes in parts: the app's thread copies each message in one piece, so one message of
 * 50,000 rows held it half a second; parts of this size let it serve other work in between.
 */
const ROWS_PER_MESSAGE = 1000;

async function query(request: Extract<Request, { op: "query" }>) {
  const result = await target(request.tx).query<Record<string, unknown>>(request.sql, request.params);
  const { rows } = result;
  if (rows.length <= ROWS_PER_MESSAGE) return { rows, affectedRows: result.affectedRows };
  for (let from = 0; from < rows.length; from += ROWS_PER_MESSAGE) {
    send({ kind: "rows", id: request.id, rows: rows.slice(from, from + ROWS_PER_MESSAGE) });
  }
  return { rows: [], affectedRows: result.affectedRows };
}

async function exec(request: Extract<Request, { op: "exec" }>) {
  const results = await target(request.tx).exec(request.sql);
  return results.map((result) => ({ rows: result.rows, affectedRows: result.affectedRows }));
}

/** Resolves once the transaction holds the database; its end comes with an `end` message. */
function begin(request: Extract<Request, { op: "begin" }>): Promise<void> {
  return new Promise<void>((started, failed) => {
    let opened = false;
    const done = pglite
      .transaction(async (tx) => {
        if (request.setup) await tx.query(request.setup);
        const outcome = new Promise<"commit" | "rollback">((finish) => {
          transactions.set(request.tx, { tx, finish, done });
        });
        opened = true;
        started();
        if ((await outcome) === "rollback") throw new RollbackSignal();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (!(error instanceof RollbackSignal)) throw error;
        },
      )
      .finally(() => transactions.delete(request.tx));
    done.catch((error: unknown) => {
      if (!opened) failed(error);
    });
  });
}

async function end(request: Extract<Request, { op: "end" }>) {
  const open = transactions.get(request.tx);
  if (!open) throw new Error(`no open transaction ${request.tx}`);
  open.finish(request.outcome);
  await open.done;
}

async function listen(channel: string) {
  if (listeners.has(channel)) return;
  const unsubscribe = await pglite.listen(channel, (payload) => send({ kind: "notify", channel, payload }));
  listeners.set(channel, unsubscribe);
}

async function unlisten(channel: string) {
  const unsubscribe = listeners.get(channel);
  listeners.delete(channel);
  await unsubscribe?.();
}

function run(request: Exclude<Request, { op: "cancel" }>): Promise<void> {
  switch (request.op) {
    case "query":
      return answer(request.id, () => query(request));
    case "exec":
      return answer(request.id, () => exec(request));
    case "begin":
      return answer(request.id, () => begin(request));
    case "end":
      return answer(request.id, () => end(request));
    case "listen":
      return answer(request.id, () => listen(request.channel));
    case "unlisten":
      return answer(request.id, () => unlisten(request.channel));
    case "dump":
      return answer(
        request.id,
        async () => new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer()),
      );
    case "close":
      return answer(request.id, () => pglite.close());
  }
}

async function drain() {
  if (running) return;
  running = true;
  try {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (next.op !== "cancel") await run(next);
    }
  } finally {
    running = false;
  }
}

function insideTransaction(request: Request): boolean {
  return (request.op === "query" || request.op === "exec") && request.tx !== undefined;
}

port.on("message", (request: Request) => {
  if (request.op === "cancel") {
    const index = queue.findIndex((queued) => "id" in queued && queued.id === request.target);
    if (index >= 0) {
      queue.splice(index, 1);
      send({
        kind: "result",
        id: request.target,
        ok: false,
        cancelled: true,
        error: { name: "AbortError", message: "The request was abandoned before its query ran", fields: {} },
      });
    }
    return;
  }
  if (insideTransaction(request) || request.op === "end") {
    void run(request);
    return;
  }
  queue.push(request);
  void drain();
});

pglite.waitReady.then(
  () => send({ kind: "ready" }),
  (error: unknown) => send({ kind: "failed", error: errorFields(error) }),
);
