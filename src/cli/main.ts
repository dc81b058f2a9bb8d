import { parseArgs } from "node:util";
import { type BranchArgs, branchArgsOf, branchCommand, chosenBranch } from "./branch.ts";
import { check } from "./check.ts";
import { loadConfig } from "./config.ts";
import type { CommandContext, Log } from "./context.ts";
import { CliError, EXIT, type ExitCode, usage } from "./exit.ts";
import { HELP } from "./help.ts";
import { apiKeyFrom, baseUrl } from "./http.ts";
import { COMMAND_OPTIONS, type Command, isCommand, OPTIONS } from "./options.ts";
import { checkProject } from "./project.ts";
import { pullAll } from "./pull.ts";
import { pullDirect, readDirectOptions } from "./pull-direct.ts";
import { push } from "./push.ts";
import { release, releaseOptionsOf } from "./release.ts";
import { status } from "./status.ts";

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    const command = argv.find((arg) => !arg.startsWith("-"));
    throw usage(error instanceof Error ? error.message : String(error), isCommand(command) ? command : "");
  }
}

type Values = ReturnType<typeof parse>["values"];

function timeoutOf(values: Values, command: Command): number {
  const seconds = values.timeout === undefined ? 60 : Number(values.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw usage("--timeout must be a number of seconds", command);
  return seconds * 1000;
}

/** The commands that work on a branch's strings (the others on main's, or on branches themselves). */
const ON_A_BRANCH: ReadonlySet<Command> = new Set(["pull", "push", "status", "check"]);

/** The config, the API client and what the commands share. */
function contextOf(values: Values, env: NodeJS.ProcessEnv, command: Command): CommandContext {
  const loaded = loadConfig(values, env);
  // Only where it is used: a detached HEAD (a tag's build) must not stop a release with "branch":
  // "git" configured. A release ships to apps, so its branch is said on its command line alone.
  const branch =
    ON_A_BRANCH.has(command) || (command === "release" && values.branch !== undefined)
      ? chosenBranch(values.branch, loaded.config, env, command)
      : undefined;
  const client = {
    base: baseUrl(loaded.host, command),
    apiKey: apiKeyFrom(env, command),
    timeoutMs: timeoutOf(values, command),
  };
  return { ...loaded, branch, client };
}

async function run(
  command: Command,
  values: Values,
  env: NodeJS.ProcessEnv,
  log: Log,
  branchArgs: BranchArgs | undefined,
): Promise<ExitCode> {
  if (command === "pull" && values.format !== undefined) {
    await pullDirect(readDirectOptions(values, env), log);
    return EXIT.ok;
  }
  const context = contextOf(values, env, command);
  if (command === "release") {
    // A key with only the release scope cannot read the project's name to check it against the config.
    await release(context, releaseOptionsOf(values, context.branch), log);
    return EXIT.ok;
  }
  await checkProject(context.client, context.config);
  if (branchArgs) {
    const current = () => chosenBranch(values.branch, context.config, env, command);
    return branchCommand(context, branchArgs, current, log);
  }
  if (command === "pull") await pullAll(context, log);
  if (command === "push") {
    const options = {
      dryRun: values["dry-run"] === true,
      deleteMissing: values["delete-missing"] === true,
      translations: values.translations === true,
      overwrite: values.overwrite === true,
      tags: values.tags,
    };
    await push(context, options, log);
  }
  if (command === "status") await status(context, log);
  if (command === "check") return check(context, { src: values.src ?? [] }, log);
  return EXIT.ok;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<ExitCode> {
  const log: Log = (line) => console.log(line);
  try {
    const { values, positionals } = parse(argv);
    const [command, ...rest] = positionals;
    if (command === undefined || command === "help") {
      const asked = values.help || command === "help";
      (asked ? console.log : console.error)(HELP.main);
      return asked ? EXIT.ok : EXIT.usage;
    }
    if (!isCommand(command)) {
      throw usage(`Unknown command "${command}": one of ${Object.keys(COMMAND_OPTIONS).join(", ")}`);
    }
    if (values.help) {
      log(HELP[command]);
      return EXIT.ok;
    }
    if (command !== "branch" && rest[0] !== undefined)
      throw usage(`Unexpected argument "${rest[0]}"`, command);
    const foreign = Object.keys(values).find((name) =>
      COMMAND_OPTIONS[command].every((option) => option !== name),
    );
    if (foreign) throw usage(`sprog ${command} has no option --${foreign}`, command);
    const branchArgs = command === "branch" ? branchArgsOf(rest, values) : undefined;
    return await run(command, values, env, log, branchArgs);
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`sprog: ${error.message}`);
      return error.exitCode;
    }
    console.error(`sprog: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return EXIT.failed;
  }
}
