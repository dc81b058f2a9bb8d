import { availableParallelism } from "node:os";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import type { ErrorCode } from "../../shared/schemas/error.ts";
import { AppError } from "../errors.ts";
import type { ExportRow } from "./export-entries.ts";
import type { ExportPage } from "./export-pages.ts";
import {
  ExportCollector,
  type ExportInput,
  type ExportOutput,
  exportFiles,
  type FileGroupInput,
} from "./format-jobs.ts";
import { type ParsedImport, type ParseImportInput, parseImport } from "./parse-import.ts";

/**
 * Where the format work of import and export runs. Parsing an upload and serializing an export
 * (exceljs writes a 50,000-key workbook in one 3-second stretch) would stop every other request
 * of the server for that long (issue 16: GET /api/me under 100 ms p99 meanwhile).
 */
export interface FormatRunner {
  parseImport(input: ParseImportInput): Promise<ParsedImport>;
  exportFiles(rows: readonly ExportRow[], input: ExportInput): Promise<ExportOutput>;
  /**
   * The files of a few languages from pages of rows read one after another (`ExportCollector`):
   * the rows of each page are handed over and dropped, only those languages' entries are kept.
   */
  exportGroup(pages: AsyncIterable<ExportPage>, input: FileGroupInput): Promise<ExportOutput>;
  close(): Promise<void>;
}

/** On the calling thread: for unit tests and tools that have no server to keep answering. */
export const inProcessFormats: FormatRunner = {
  parseImport,
  exportFiles,
  async exportGroup(pages, input) {
    const collector = new ExportCollector(input);
    for await (const page of pages) collector.add(page);
    return collector.finish();
  },
  async close() {},
};

export type WorkerRequest =
  | { type: "rows"; job: number; rows: readonly ExportRow[] }
  | { type: "parse"; job: number; input: ParseImportInput }
  | { type: "export"; job: number; input: ExportInput }
  | { type: "group-start"; job: number; input: FileGroupInput }
  | { type: "group-page"; job: number; page: ExportPage }
  | { type: "group-drop"; job: number }
  | { type: "group-end"; job: number };

export type WorkerReply =
  | { job: number; ok: true; result: ParsedImport | ExportOutput }
  | { job: number; ok: false; error: { code?: ErrorCode; message: string; stack?: string | undefined } };

/**
 * Rows are handed over in slices, yielding between them: copying them to the worker happens on
 * the server's thread, and one copy of 50,000 rows would be a stall of its own.
 */
const ROWS_PER_MESSAGE = 2_000;

/**
 * The format worker's old generation, in MB. V8 grows a heap it is allowed to and collects late:
 * unbounded, a 250,000-key × 10-language JSON export took the process past 1 GB, where its live
 * data is one language's entries and file (about 200 MB at that size). Bounded, it collects as it
 * goes (the process stayed under 600 MB); a job that truly needs more ends the worker with an
 * out-of-memory error, which fails that job only (the worker is replaced on the next one).
 */
const WORKER_HEAP_MB = 384;

const WORKER_ENTRY = new URL("./format-worker-boot.mjs", import.meta.url);

interface Pending {
  resolve(result: ParsedImport | ExportOutput): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  dead: boolean;
}

/**
 * A small pool of format workers, started on first use and kept: starting one loads tsx and the
 * format registry (about half a second). One job per worker message stream, jobs on the least busy
 * worker; a worker that dies fails its jobs and is replaced on the next one. Workers are unref'd,
 * so a forgotten pool never keeps a process alive; `close` ends them (server stop).
 */
export function createFormatWorkers(
  size = Math.max(1, Math.min(2, availableParallelism() - 1)),
): FormatRunner {
  const slots: (Slot | undefined)[] = Array.from({ length: size }, () => undefined);
  let nextJob = 1;
  let closed = false;

  function start(index: number): Slot {
    const worker = new Worker(WORKER_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    worker.unref();
    const slot: Slot = { worker, pending: new Map(), dead: false };
    const failAll = (error: Error) => {
      slot.dead = true;
      if (slots[index] === slot) slots[index] = undefined;
      for (const job of slot.pending.values()) job.reject(error);
      slot.pending.clear();
    };
    worker.on("message", (reply: WorkerReply) => {
      const job = slot.pending.get(reply.job);
      if (!job) return;
      slot.pending.delete(reply.job);
      if (slot.pending.size === 0) worker.unref();
      if (reply.ok) job.resolve(reply.result);
      else job.reject(errorOf(reply.error));
    });
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`the format worker stopped (exit code ${code})`)));
    return slot;
  }

  function pick(): Slot {
    if (closed) throw new Error("the format workers are closed");
    let best = -1;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (!slot) {
        best = i;
        break;
      }
      if (best < 0 || slot.pending.size < (slots[best]?.pending.size ?? 0)) best = i;
    }
    const index = Math.max(best, 0);
    const slot = slots[index] ?? start(index);
    slots[index] = slot;
    return slot;
  }

  function submit<T extends ParsedImport | ExportOutput>(
    slot: Slot,
    job: number,
    request: WorkerRequest,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (slot.dead) {
        reject(new Error("the format worker stopped"));
        return;
      }
      slot.pending.set(job, { resolve: resolve as (result: ParsedImport | ExportOutput) => void, reject });
      // A job under way keeps the process alive, as any other request in flight does.
      slot.worker.ref();
      slot.worker.postMessage(request);
    });
  }

  return {
    parseImport(input) {
      const job = nextJob++;
      return submit<ParsedImport>(pick(), job, { type: "parse", job, input });
    },
    async exportFiles(rows, input) {
      const slot = pick();
      const job = nextJob++;
      for (let from = 0; from < rows.length; from += ROWS_PER_MESSAGE) {
        if (from > 0) await yieldToEventLoop();
        slot.worker.postMessage({ type: "rows", job, rows: rows.slice(from, from + ROWS_PER_MESSAGE) });
      }
      return submit<ExportOutput>(slot, job, { type: "export", job, input });
    },
    async exportGroup(pages, input) {
      const slot = pick();
      const job = nextJob++;
      slot.worker.postMessage({ type: "group-start", job, input } satisfies WorkerRequest);
      try {
        // A page is one string: handing it over is one copy, no stall.
        for await (const page of pages) {
          slot.worker.postMessage({ type: "group-page", job, page } satisfies WorkerRequest);
        }
      } catch (error) {
        // The rows stopped coming (a client gone, a failed query): the worker forgets the job.
        if (!slot.dead) slot.worker.postMessage({ type: "group-drop", job } satisfies WorkerRequest);
        throw error;
      }
      return submit<ExportOutput>(slot, job, { type: "group-end", job });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot?.worker.terminate()));
      slots.fill(undefined);
    },
  };
}

/** The worker's refusal as the same AppError the work would have thrown in-process. */
function errorOf(error: { code?: ErrorCode; message: string; stack?: string | undefined }): Error {
  if (error.code) return new AppError(error.code, error.message);
  const failure = new Error(error.message);
  if (error.stack) failure.stack = error.stack;
  return failure;
}
