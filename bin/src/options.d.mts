/** Types of options.mjs, for the docs test that keeps the CLI reference equal to the CLI. */
export declare const OPTIONS: Record<
  string,
  { type: "string" | "boolean"; short?: string; multiple?: boolean }
>;
export declare const COMMAND_OPTIONS: Record<"pull" | "push" | "status" | "check", readonly string[]>;
