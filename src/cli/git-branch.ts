import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The git branch a directory is on, for `"branch": "git"` in sprog.config.json: read from
 * `.git/HEAD` itself rather than by running git, so the single-file CLI needs no git on the CI
 * image. A detached HEAD (how CI checks out a pull request) has no branch; the CI's own variables
 * name it then.
 */

/** CI's variables naming the branch a detached checkout was made for, the most specific first. */
export const CI_BRANCH_VARIABLES = [
  // GitHub Actions: a pull request's head branch (empty on other events)…
  "GITHUB_HEAD_REF",
  // …else the branch or tag that triggered the run.
  "GITHUB_REF_NAME",
  "CI_COMMIT_REF_NAME",
  "BITBUCKET_BRANCH",
] as const;

export type GitBranch =
  | { kind: "branch"; name: string; from: "HEAD" | (typeof CI_BRANCH_VARIABLES)[number] }
  | { kind: "detached" }
  | { kind: "none" };

/** The git directory of the repository `dir` is in: `.git`, or where a worktree's `.git` file points. */
export function gitDirOf(dir: string): string | undefined {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const dotGit = join(current, ".git");
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return dotGit;
      // A linked worktree or a submodule: `gitdir: <path>`, relative to the file's directory.
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
      if (pointer?.[1]) return resolve(current, pointer[1]);
    }
    if (dirname(current) === current) return undefined;
  }
}

function ciBranch(env: NodeJS.ProcessEnv): GitBranch | undefined {
  for (const variable of CI_BRANCH_VARIABLES) {
    const name = env[variable]?.trim();
    if (name) return { kind: "branch", name, from: variable };
  }
  return undefined;
}

/**
 * The branch HEAD names in the repository `dir` is in (a branch without commits yet included);
 * when HEAD is detached, the branch CI's variables name, else `detached`.
 */
export function gitBranch(dir: string, env: NodeJS.ProcessEnv): GitBranch {
  const gitDir = gitDirOf(dir);
  if (!gitDir) return { kind: "none" };
  let head: string;
  try {
    head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
  } catch {
    return { kind: "none" };
  }
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  if (ref?.[1]) return { kind: "branch", name: ref[1], from: "HEAD" };
  return ciBranch(env) ?? { kind: "detached" };
}
