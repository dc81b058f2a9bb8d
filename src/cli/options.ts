import type { ParseArgsOptionsConfig } from "node:util";

/** Every option of the CLI, for node:util parseArgs; COMMAND_OPTIONS says which command takes which. */
export const OPTIONS = {
  config: { type: "string" },
  host: { type: "string" },
  "api-key": { type: "string" },
  format: { type: "string" },
  "placeholder-format": { type: "string" },
  language: { type: "string" },
  nested: { type: "boolean" },
  "sort-keys": { type: "boolean" },
  out: { type: "string" },
  "etag-file": { type: "string" },
  "dry-run": { type: "boolean" },
  "delete-missing": { type: "boolean" },
  translations: { type: "boolean" },
  overwrite: { type: "boolean" },
  tags: { type: "string" },
  src: { type: "string", multiple: true },
  environment: { type: "string" },
  only: { type: "string" },
  branch: { type: "string" },
  from: { type: "string" },
  take: { type: "string" },
  timeout: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies ParseArgsOptionsConfig;

export type OptionName = keyof typeof OPTIONS;
export type Command = "pull" | "push" | "status" | "check" | "release" | "branch";

const COMMON: readonly OptionName[] = ["config", "host", "timeout", "help"];
/** The options each command takes; any other is a usage error naming the command. */
export const COMMAND_OPTIONS: Record<Command, readonly OptionName[]> = {
  pull: [
    ...COMMON,
    "api-key",
    "format",
    "placeholder-format",
    "language",
    "nested",
    "sort-keys",
    "out",
    "etag-file",
    "branch",
  ],
  push: [...COMMON, "branch", "dry-run", "delete-missing", "translations", "overwrite", "tags"],
  status: [...COMMON, "branch"],
  check: [...COMMON, "branch", "src"],
  release: [...COMMON, "environment", "language", "only", "placeholder-format", "branch"],
  branch: [...COMMON, "branch", "from", "take"],
};

export function isCommand(name: string | undefined): name is Command {
  return name !== undefined && Object.hasOwn(COMMAND_OPTIONS, name);
}
