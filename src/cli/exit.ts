/**
 * Exit codes CI can rely on: 0 done (also "not modified"), 1 network or server error, 2 usage,
 * 3 key refused (401, or 403 for a key without the command's scope or a merge a project rule
 * refuses: a protected base, a review needed first), 4 bad request, 5 rate limited,
 * 6 `sprog check` found keys used in code but missing in the project, 7 bad sprog.config.json,
 * 8 `sprog branch merge` refused: conflicts not resolved.
 */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  unauthorized: 3,
  badRequest: 4,
  rateLimited: 5,
  missingKeys: 6,
  badConfig: 7,
  conflicts: 8,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  readonly exitCode: ExitCode;

  constructor(message: string, exitCode: ExitCode) {
    super(message);
    this.exitCode = exitCode;
  }
}

export function usage(message: string, command = ""): CliError {
  const help = command ? `sprog ${command} --help` : "sprog --help";
  return new CliError(`${message}\nRun "${help}" for the options.`, EXIT.usage);
}
