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
  timeout: { type: "string" },
  help: { type: "boolean", short: "h" },
};

const COMMON = ["config", "host", "timeout", "help"];
/** The options each command takes; any other is a usage error naming the command. */
export const COMMAND_OPTIONS = {
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
  ],
  push: [...COMMON, "dry-run", "delete-missing", "translations", "overwrite", "tags"],
  status: COMMON,
  check: [...COMMON, "src"],
};
