import { createContext, runInContext } from "node:vm";
import { keyUsages, usagePatternProblem } from "../../shared/code-keys/key-usages.ts";
import { AppError } from "../errors.ts";

/**
 * The keys a caller's code uses (find_missing_keys), by `sprog check`'s rules. The patterns are
 * the caller's own regular expressions, run on the server's one thread: a pattern that backtracks
 * without end (`(a+)+b`) would hold every other request, and JavaScript cannot stop a regular
 * expression from outside. Node's `vm` can: the scan runs as a script with a timeout, which
 * interrupts it wherever it is, the main realm's functions it calls included.
 */

/** How long one call's scan may hold the server. Built-in patterns read 1 MB of code in far less. */
export const SCAN_TIMEOUT_MS = 1000;

export interface ScannedFile {
  path: string;
  content: string;
}

export interface FirstUse {
  file: string;
  line: number;
}

/** One context for every scan: the scan itself is the main realm's function, set before each run. */
const sandbox = createContext({ scan: (): void => undefined });

/** The patterns compiled, or a 400 naming the first that is not a pattern with one capture group. */
export function compiledPatterns(sources: readonly string[]): RegExp[] {
  return sources.map((source, index) => {
    const problem = usagePatternProblem(source);
    if (problem) throw new AppError("validation_failed", `patterns[${index}] ${problem}`);
    return new RegExp(source, "g");
  });
}

/** Each key the files use, with the file and line of its first use (files in the order given). */
export function firstUses(files: readonly ScannedFile[], patterns: readonly RegExp[]): Map<string, FirstUse> {
  const used = new Map<string, FirstUse>();
  sandbox.scan = () => {
    for (const file of files) {
      for (const usage of keyUsages(file.content, patterns)) {
        if (!used.has(usage.key)) used.set(usage.key, { file: file.path, line: usage.line });
      }
    }
  };
  try {
    runInContext("scan()", sandbox, { timeout: SCAN_TIMEOUT_MS });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") {
      throw new AppError(
        "validation_failed",
        `Reading the files took more than ${SCAN_TIMEOUT_MS / 1000} s: a pattern backtracks too much (simplify it) or the call holds too much code (send fewer files)`,
      );
    }
    throw error;
  } finally {
    sandbox.scan = () => undefined;
  }
  return used;
}
