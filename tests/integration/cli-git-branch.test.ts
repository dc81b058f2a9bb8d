import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chosenBranch } from "../../src/cli/branch.ts";
import { CliError, EXIT } from "../../src/cli/exit.ts";
import { gitBranch } from "../../src/cli/git-branch.ts";

// Which branch `"branch": "git"` reads, without a server or git itself: the CLI reads .git/HEAD
// as files, so these tests write the files a repository, a worktree and a CI checkout have.
let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

const DETACHED = "4b825dc642cb6eb9a060e54bf8d69288fbee4904\n";

/** A repository whose HEAD is `head`, with a subdirectory to run in. */
async function repository(head: string): Promise<{ root: string; sub: string }> {
  const root = await mkdtemp(join(tmpdir(), "sprog-git-"));
  dirs.push(root);
  await mkdir(join(root, ".git"), { recursive: true });
  await writeFile(join(root, ".git", "HEAD"), head);
  const sub = join(root, "app", "web");
  await mkdir(sub, { recursive: true });
  return { root, sub };
}

function refusal(run: () => unknown): CliError {
  try {
    run();
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error("expected a CliError");
}

describe("the git branch of the working directory", () => {
  it("is the branch HEAD names, from any directory of the repository", async () => {
    const { root, sub } = await repository("ref: refs/heads/feature/checkout\n");
    expect(gitBranch(root, {})).toEqual({ kind: "branch", name: "feature/checkout", from: "HEAD" });
    expect(gitBranch(sub, {})).toEqual({ kind: "branch", name: "feature/checkout", from: "HEAD" });
  });

  it("follows a worktree's .git file to its own HEAD", async () => {
    const { root } = await repository("ref: refs/heads/main\n");
    const worktreeGitDir = join(root, ".git", "worktrees", "feature");
    await mkdir(worktreeGitDir, { recursive: true });
    await writeFile(join(worktreeGitDir, "HEAD"), "ref: refs/heads/feature/worktree\n");
    const worktree = await mkdtemp(join(tmpdir(), "sprog-worktree-"));
    dirs.push(worktree);
    await writeFile(join(worktree, ".git"), `gitdir: ${worktreeGitDir}\n`);
    expect(gitBranch(worktree, {})).toMatchObject({ kind: "branch", name: "feature/worktree" });

    // Submodules write the path relative to the .git file's directory.
    const submodule = join(root, "vendor", "lib");
    await mkdir(join(root, ".git", "modules", "lib"), { recursive: true });
    await writeFile(join(root, ".git", "modules", "lib", "HEAD"), "ref: refs/heads/lib-branch\n");
    await mkdir(submodule, { recursive: true });
    await writeFile(join(submodule, ".git"), "gitdir: ../../.git/modules/lib\n");
    expect(gitBranch(submodule, {})).toMatchObject({ kind: "branch", name: "lib-branch" });
  });

  it("when HEAD is detached, is what CI's variables say, the pull request's branch first", async () => {
    const { root } = await repository(DETACHED);
    expect(gitBranch(root, {})).toEqual({ kind: "detached" });
    const github = { GITHUB_HEAD_REF: "feature/pr", GITHUB_REF_NAME: "42/merge" };
    expect(gitBranch(root, github)).toEqual({ kind: "branch", name: "feature/pr", from: "GITHUB_HEAD_REF" });
    // GitHub sets GITHUB_HEAD_REF empty outside pull requests.
    expect(gitBranch(root, { GITHUB_HEAD_REF: "", GITHUB_REF_NAME: "release/2" })).toMatchObject({
      name: "release/2",
      from: "GITHUB_REF_NAME",
    });
    expect(gitBranch(root, { CI_COMMIT_REF_NAME: "gitlab/x" })).toMatchObject({ name: "gitlab/x" });
    expect(gitBranch(root, { BITBUCKET_BRANCH: "bb/y" })).toMatchObject({ name: "bb/y" });
    // A checked-out branch is the truth: a variable left over from another job does not win.
    const attached = await repository("ref: refs/heads/local\n");
    expect(gitBranch(attached.root, github)).toMatchObject({ name: "local", from: "HEAD" });
  });

  it("is none outside a repository", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sprog-no-git-"));
    dirs.push(dir);
    expect(gitBranch(dir, {})).toEqual({ kind: "none" });
  });
});

describe("the branch a command works on", () => {
  it("is --branch, else the config's; main is no branch", () => {
    expect(chosenBranch(undefined, {}, {}, "push")).toBeUndefined();
    expect(chosenBranch(undefined, { branch: "feature/a" }, {}, "push")).toBe("feature/a");
    expect(chosenBranch("feature/b", { branch: "feature/a" }, {}, "push")).toBe("feature/b");
    expect(chosenBranch("main", { branch: "feature/a" }, {}, "push")).toBeUndefined();
    expect(chosenBranch(undefined, { branch: "main" }, {}, "push")).toBeUndefined();
  });

  it('reads git for "git": main and master are main, unless mainBranch names another', async () => {
    const { sub } = await repository("ref: refs/heads/feature/x\n");
    expect(chosenBranch(undefined, { branch: "git" }, {}, "push", sub)).toBe("feature/x");
    expect(chosenBranch("git", {}, {}, "pull", sub)).toBe("feature/x");
    const master = await repository("ref: refs/heads/master\n");
    expect(chosenBranch(undefined, { branch: "git" }, {}, "push", master.root)).toBeUndefined();
    expect(chosenBranch(undefined, { branch: "git", mainBranch: "develop" }, {}, "push", master.root)).toBe(
      "master",
    );
    const develop = await repository("ref: refs/heads/develop\n");
    expect(
      chosenBranch(undefined, { branch: "git", mainBranch: "develop" }, {}, "push", develop.root),
    ).toBeUndefined();
  });

  it("says what to do when git names no branch Sprog can take", async () => {
    const detached = await repository(DETACHED);
    const noBranch = refusal(() => chosenBranch(undefined, { branch: "git" }, {}, "push", detached.root));
    expect(noBranch.exitCode).toBe(EXIT.usage);
    expect(noBranch.message).toContain(
      '"branch": "git" reads the git branch, but git\'s HEAD is detached (no branch checked out) and none of GITHUB_HEAD_REF, GITHUB_REF_NAME, CI_COMMIT_REF_NAME, BITBUCKET_BRANCH is set: pass --branch <name>',
    );
    const odd = await repository("ref: refs/heads/feature/über\n");
    expect(refusal(() => chosenBranch("git", {}, {}, "status", odd.root)).message).toContain(
      'The git branch "feature/über" is not a branch name: Branch name may hold letters, digits',
    );
    const outside = await mkdtemp(join(tmpdir(), "sprog-no-git-"));
    dirs.push(outside);
    expect(refusal(() => chosenBranch("git", {}, {}, "check", outside)).message).toContain(
      `--branch git reads the git branch, but ${outside} is in no git repository: pass --branch <name>`,
    );
    expect(refusal(() => chosenBranch("feature//x", {}, {}, "push")).message).toContain(
      '--branch "feature//x" is not a branch name',
    );
  });
});
