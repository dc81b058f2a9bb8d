import { parseArgs } from "node:util";
import { check } from "./check.mjs";
import { loadConfig } from "./config.mjs";
import { CliError, EXIT, usage } from "./exit.mjs";
import { HELP } from "./help.mjs";
import { apiKeyFrom, baseUrl } from "./http.mjs";
import { COMMAND_OPTIONS, OPTIONS } from "./options.mjs";
import { checkProject } from "./project.mjs";
import { pullAll } from "./pull.mjs";
import { pullDirect, readDirectOptions } from "./pull-direct.mjs";
import { push } from "./push.mjs";
import { status } from "./status.mjs";

function parse(argv) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    const command = argv.find((arg) => !arg.startsWith("-"));
    throw usage(error.message, COMMAND_OPTIONS[command] ? command : "");
  }
}

function timeoutOf(values, command) {
  const seconds = values.timeout === undefined ? 60 : Number(values.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw usage("--timeout must be a number of seconds", command);
  return seconds * 1000;
}

/** The config, the API client and what the commands share. */
function contextOf(values, env, command) {
  const loaded = loadConfig(values, env);
  const client = {
    base: baseUrl(loaded.host, command),
    apiKey: apiKeyFrom(env, command),
    timeoutMs: timeoutOf(values, command),
  };
  return { ...loaded, client };
}

async function run(command, values, env, log) {
  if (command === "pull" && values.format !== undefined) {
    await pullDirect(readDirectOptions(values, env), log);
    return EXIT.ok;
  }
  const context = contextOf(values, env, command);
  await checkProject(context.client, context.config);
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

export async function main(argv, env) {
  const log = (line) => console.log(line);
  try {
    const { values, positionals } = parse(argv);
    const [command, extra] = positionals;
    if (command === undefined || command === "help") {
      const asked = values.help || command === "help";
      (asked ? console.log : console.error)(HELP.main);
      return asked ? EXIT.ok : EXIT.usage;
    }
    if (!COMMAND_OPTIONS[command]) {
      throw usage(`Unknown command "${command}": one of ${Object.keys(COMMAND_OPTIONS).join(", ")}`);
    }
    if (values.help) {
      log(HELP[command]);
      return EXIT.ok;
    }
    if (extra !== undefined) throw usage(`Unexpected argument "${extra}"`, command);
    const foreign = Object.keys(values).find((name) => !COMMAND_OPTIONS[command].includes(name));
    if (foreign) throw usage(`sprog ${command} has no option --${foreign}`, command);
    return await run(command, values, env, log);
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`sprog: ${error.message}`);
      return error.exitCode;
    }
    console.error(`sprog: ${error?.stack ?? error}`);
    return EXIT.failed;
  }
}
