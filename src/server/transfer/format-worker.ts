import { parentPort } from "node:worker_threads";
import { lowerThreadPriority } from "../cpu-priority.ts";
import { AppError } from "../errors.ts";
import type { ExportRow } from "./export-entries.ts";
import { ExportCollector, type ExportOutput, exportFiles } from "./format-jobs.ts";
import type { WorkerReply, WorkerRequest } from "./format-workers.ts";
import { parseImport } from "./parse-import.ts";

/** The format worker: runs format-jobs.ts for the server (see format-workers.ts). */
const port = parentPort;
if (!port) throw new Error("format-worker.ts runs as a worker thread");
// Parsing and serializing big files is heavy work: it yields the processor to the server's thread.
lowerThreadPriority();

/** Rows of exports still arriving, by job. */
const rowsOf = new Map<number, ExportRow[]>();
/** Entries of export groups still arriving, by job (a failure is kept for the job's end). */
const groups = new Map<number, ExportCollector | Error>();

port.on("message", (request: WorkerRequest) => {
  if (request.type === "rows") {
    const rows = rowsOf.get(request.job) ?? [];
    for (const row of request.rows) rows.push(row);
    rowsOf.set(request.job, rows);
    return;
  }
  if (request.type === "group-start") {
    try {
      groups.set(request.job, new ExportCollector(request.input));
    } catch (error) {
      groups.set(request.job, error instanceof Error ? error : new Error(String(error)));
    }
    return;
  }
  if (request.type === "group-page") {
    const collector = groups.get(request.job);
    if (collector instanceof ExportCollector) {
      try {
        collector.add(request.page);
      } catch (error) {
        collector.drop();
        groups.set(request.job, error instanceof Error ? error : new Error(String(error)));
      }
    }
    return;
  }
  if (request.type === "group-drop") {
    const collector = groups.get(request.job);
    if (collector instanceof ExportCollector) collector.drop();
    groups.delete(request.job);
    return;
  }
  void run(request).then(
    ({ result, transfer }) =>
      port.postMessage({ job: request.job, ok: true, result } satisfies WorkerReply, transfer),
    (error: unknown) =>
      port.postMessage({
        job: request.job,
        ok: false,
        error:
          error instanceof AppError
            ? { code: error.code, message: error.message }
            : {
                message: error instanceof Error ? error.message : String(error),
                stack: (error as Error)?.stack,
              },
      } satisfies WorkerReply),
  );
});

async function run(request: Extract<WorkerRequest, { type: "parse" | "export" | "group-end" }>) {
  if (request.type === "parse") {
    return { result: await parseImport(request.input), transfer: [] };
  }
  if (request.type === "group-end") {
    const collector = groups.get(request.job);
    groups.delete(request.job);
    if (collector === undefined) throw new Error(`export group ${request.job} was never started`);
    if (collector instanceof Error) throw collector;
    const result = await collector.finish();
    return { result, transfer: buffersOf(result) };
  }
  const rows = rowsOf.get(request.job) ?? [];
  rowsOf.delete(request.job);
  const result = await exportFiles(rows, request.input);
  return { result, transfer: buffersOf(result) };
}

/** The output's bytes move to the server's thread instead of being copied (each owns its buffer). */
function buffersOf(output: ExportOutput): ArrayBuffer[] {
  const all =
    "zip" in output
      ? [output.zip]
      : "files" in output
        ? output.files.map((file) => file.bytes)
        : output.deflated.map((file) => file.data);
  const buffers = new Set<ArrayBuffer>();
  for (const bytes of all) {
    if (
      bytes.byteOffset === 0 &&
      bytes.byteLength === bytes.buffer.byteLength &&
      bytes.buffer instanceof ArrayBuffer
    ) {
      buffers.add(bytes.buffer);
    }
  }
  return [...buffers];
}
