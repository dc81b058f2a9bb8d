import { type CliConfig, GIT_BRANCH } from "../shared/cli-config.ts";
import { v1Contract } from "../shared/contract/v1.ts";
import { type Branch, branchNameSchema, MAIN_BRANCH } from "../shared/schemas/branches.ts";
import type { CommandContext, Log } from "./context.ts";
import { CliError, EXIT, type ExitCode, usage } from "./exit.ts";
import { CI_BRANCH_VARIABLES, gitBranch } from "./git-branch.ts";
import { ApiError, callJson } from "./http.ts";
import { table } from "./table.ts";

/**
 * Branches (issue 39) in the CLI: which branch a command works on (--branch, else the config's
 * "branch", a name or the git branch), and `sprog branch list|create|merge|delete`.
 */

/** A branch name checked as the server checks it, so a typo is a usage error before any request. */
function checkedName(name: string, what: string, command: string): string {
  const parsed = branchNameSchema.safeParse(name);
  if (parsed.success) return parsed.data;
  throw usage(`${what} "${name}" is not a branch name: ${parsed.error.issues[0]?.message}`, command);
}

/** What of sprog.config.json says which branch (nothing of it for `pull --format …`). */
type BranchConfig = Pick<CliConfig, "branch" | "mainBranch">;

/** The git branch as Sprog's: undefined (main) for the repository's main branch. */
function fromGit(
  config: BranchConfig,
  where: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  command: string,
): string | undefined {
  const found = gitBranch(cwd, env);
  if (found.kind === "none") {
    throw usage(
      `${where} reads the git branch, but ${cwd} is in no git repository: pass --branch <name>`,
      command,
    );
  }
  if (found.kind === "detached") {
    throw usage(
      `${where} reads the git branch, but git's HEAD is detached (no branch checked out) and none of ${CI_BRANCH_VARIABLES.join(", ")} is set: pass --branch <name>`,
      command,
    );
  }
  // A repository's main branch is Sprog's main; "main" is main whatever the config says.
  const mains = config.mainBranch ? [config.mainBranch, MAIN_BRANCH] : [MAIN_BRANCH, "master"];
  if (mains.includes(found.name)) return undefined;
  const source = found.from === "HEAD" ? "The git branch" : `The git branch (from ${found.from})`;
  return checkedName(found.name, source, command);
}

/**
 * The branch a command works on: --branch, else the config's "branch"; "git" (either) reads the
 * working directory's git branch. Undefined: main, which the API takes as no branch.
 */
export function chosenBranch(
  flag: string | undefined,
  config: BranchConfig,
  env: NodeJS.ProcessEnv,
  command: string,
  cwd = process.cwd(),
): string | undefined {
  const named = flag !== undefined ? checkedName(flag, "--branch", command) : config.branch;
  if (named === undefined || named === MAIN_BRANCH) return undefined;
  if (named !== GIT_BRANCH) return named;
  return fromGit(config, flag !== undefined ? "--branch git" : `"branch": "git"`, cwd, env, command);
}

/** How the commands' output names the branch they worked on (nothing for main, as before branches). */
export const onBranch = (branch: string | undefined) => (branch === undefined ? "" : ` branch ${branch}`);

export const BRANCH_ACTIONS = ["list", "create", "merge", "delete"] as const;
type BranchAction = (typeof BRANCH_ACTIONS)[number];

/** `sprog branch …`, checked before any file or request. */
export interface BranchArgs {
  action: BranchAction;
  name: string | undefined;
  from: string | undefined;
  take: "branch" | "base" | undefined;
}

const isAction = (name: string | undefined): name is BranchAction =>
  BRANCH_ACTIONS.some((action) => action === name);

export function branchArgsOf(
  positionals: readonly string[],
  values: { from?: string | undefined; take?: string | undefined },
): BranchArgs {
  const [action, given, extra] = positionals;
  if (action === undefined)
    throw usage(`Missing what to do: sprog branch ${BRANCH_ACTIONS.join("|")}`, "branch");
  if (!isAction(action)) {
    throw usage(`Unknown branch command "${action}": one of ${BRANCH_ACTIONS.join(", ")}`, "branch");
  }
  if (extra !== undefined || (action === "list" && given !== undefined)) {
    throw usage(`Unexpected argument "${extra ?? given}"`, "branch");
  }
  if (values.from !== undefined && action !== "create")
    throw usage("--from is for sprog branch create", "branch");
  if (values.take !== undefined && action !== "merge")
    throw usage("--take is for sprog branch merge", "branch");
  if (action === "create" && given === undefined) {
    throw usage("Missing the new branch's name: sprog branch create <name> [--from <base>]", "branch");
  }
  const { take } = values;
  if (take !== undefined && take !== "branch" && take !== "base") {
    throw usage(`--take must be branch or base (got "${take}")`, "branch");
  }
  const name = given === undefined ? undefined : checkedName(given, "The branch", "branch");
  if (name === MAIN_BRANCH && action !== "list") {
    throw usage(`main is the project itself, not a branch: name a branch to ${action}`, "branch");
  }
  const from = values.from === undefined ? undefined : checkedName(values.from, "--from", "branch");
  return { action, name, from, take };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function listLines(branches: readonly Branch[]): string[] {
  if (branches.length === 0) {
    return ["No branches: push with --branch <name>, or run sprog branch create <name>."];
  }
  const rows = branches.map((b) => [
    b.name,
    b.baseName,
    b.changes.keysAdded,
    b.changes.keysChanged,
    b.changes.keysDeleted,
    b.changes.strings,
    b.merges,
  ]);
  return [
    table(rows, ["branch", "from", "added", "changed", "deleted", "strings", "merges"], 2),
    "(keys added, changed and deleted on the branch, strings changed, times merged)",
  ];
}

/**
 * `sprog branch`: list needs the pull scope, the others push. `current` is the branch the config
 * or --branch names, for merge and delete without a name (CI after the pull request merges).
 */
export async function branchCommand(
  { client }: Pick<CommandContext, "client">,
  args: BranchArgs,
  current: () => string | undefined,
  log: Log,
): Promise<ExitCode> {
  if (args.action === "list") {
    const { branches } = await callJson(client, v1Contract.branches, {});
    for (const line of listLines(branches)) log(line);
    return EXIT.ok;
  }
  const name = args.name ?? current();
  if (name === undefined) {
    throw usage(
      `Which branch? Name it (sprog branch ${args.action} <name>): --branch and the config name main`,
      "branch",
    );
  }
  if (args.action === "create") {
    const base = args.from === undefined || args.from === MAIN_BRANCH ? {} : { base: args.from };
    const created = await callJson(client, v1Contract.createBranch, { body: { name, ...base } });
    log(`Created branch ${created.name} from ${created.baseName}.`);
    return EXIT.ok;
  }
  if (args.action === "delete") {
    const archived = await callJson(client, v1Contract.archiveBranch, { body: { name } });
    log(`Deleted branch ${archived.name}: archived with its changes, listed apart on the Branches screen.`);
    return EXIT.ok;
  }
  return merge(client, name, args.take, log);
}

async function merge(
  client: CommandContext["client"],
  name: string,
  take: BranchArgs["take"],
  log: Log,
): Promise<ExitCode> {
  try {
    const merged = await callJson(client, v1Contract.mergeBranch, {
      body: { name, ...(take ? { conflicts: take } : {}) },
    });
    const keys = `${plural(merged.keysAdded, "key")} added, ${merged.keysChanged} changed, ${merged.keysDeleted} deleted`;
    log(
      `Merged branch ${name} into ${merged.branch.baseName}: ${keys}, ${plural(merged.strings, "string")}.`,
    );
    return EXIT.ok;
  } catch (error) {
    // Refused by a rule of the project (a protected base, a review it needs first): said as such.
    if (error instanceof ApiError && error.status === 403) {
      throw new CliError(`Cannot merge branch ${name}: ${error.serverMessage}`, error.exitCode);
    }
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const hint = take
      ? ""
      : `\nRun "sprog branch merge ${name} --take branch" to keep the branch's texts, or "--take base" to keep its base's; or choose one by one in Sprog's merge view of the branch.`;
    throw new CliError(`Cannot merge branch ${name}: ${error.serverMessage}${hint}`, EXIT.conflicts);
  }
}
