import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import type { ApiClient } from "../helpers/api-client.ts";
import { fixtureCopy, runCli } from "../helpers/cli-run.ts";
import { call } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";

// Branches (issue 39) from CI: the CLI in its own Node process, in copies of
// tests/fixtures/cli-app, against the real server. The tests run in order: a feature branch is
// pushed, read, and merged back as a pull request's pipeline would.
const api = apiAppForThisFile();
const git = promisify(execFile);

let dir: string;
let gitDir: string;
let env: Record<string, string>;
let config: Record<string, unknown>;
let owner: ApiClient;
let projectId: string;
beforeAll(async () => {
  [dir, gitDir] = await Promise.all([fixtureCopy(), fixtureCopy()]);
  ({ owner, projectId } = await ownerWithProject(api(), ["de"]));
  env = {
    SPROG_HOST: api().app.url,
    SPROG_API_KEY: (await createScopedKey(owner, projectId, ["pull", "push"])).key,
  };
  // The fixture names its project "CLI fixture app"; this one is the test's, by id.
  config = { ...JSON.parse(await readFile(join(dir, "sprog.config.json"), "utf8")), project: projectId };
  await writeFile(join(dir, "sprog.config.json"), JSON.stringify(config, null, 2));
});
afterAll(async () => {
  await Promise.all([dir, gitDir].map((path) => path && rm(path, { recursive: true, force: true })));
});

const sprog = (...args: string[]) => runCli(dir, args, env);
const EN = "src/locales/en.json";
const readJson = async (path: string, root = dir) => JSON.parse(await readFile(join(root, path), "utf8"));
async function editSource(root: string, change: Record<string, string>): Promise<void> {
  await writeFile(join(root, EN), JSON.stringify({ ...(await readJson(EN, root)), ...change }, null, 2));
}

describe("sprog with --branch", () => {
  it("a dry run to a new branch answers against main and starts nothing", async () => {
    expect((await sprog("push")).code).toBe(0);
    await editSource(dir, { greeting: "Hi {name}", "checkout.pay": "Pay now" });

    // A dry run does not start the branch: it is read against main, as the branch would start.
    const dryRun = await sprog("push", "--dry-run", "--branch", "feature/checkout");
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain("would push 1 file, 1 key added, 0 deleted");
    expect((await sprog("status", "--branch", "feature/checkout")).code).toBe(1);
  });

  it("push starts a branch from main", async () => {
    const pushed = await sprog("push", "--branch", "feature/checkout");
    expect(pushed.stderr).toBe("");
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toContain("Pushing to branch feature/checkout");
    expect(pushed.stdout).toContain("Pushed 1 file, 1 key added, 0 deleted.");
  });

  it("pull writes main's files, and with --branch the branch's", async () => {
    const main = await sprog("pull");
    expect(main.code).toBe(0);
    expect(main.stdout).toContain("Pulled: ");
    const onMain = await readJson(EN);
    expect(onMain).not.toHaveProperty("checkout.pay");
    expect(onMain.greeting).toBe("Hello {name}");

    const branch = await sprog("pull", "--branch", "feature/checkout");
    expect(branch.code).toBe(0);
    expect(branch.stdout).toContain("wrote src/locales/en.json");
    expect(branch.stdout).toContain("Pulled from branch feature/checkout: ");
    expect(await readJson(EN)).toMatchObject({ greeting: "Hi {name}", "checkout.pay": "Pay now" });

    // `pull --format …` without the config takes --branch too.
    const direct = await sprog(
      "pull",
      "--format",
      "json",
      "--language",
      "en",
      "--out",
      "branch-en.json",
      "--branch",
      "feature/checkout",
    );
    expect(direct.code).toBe(0);
    expect(direct.stdout).toContain("pulled from branch feature/checkout");
    expect(await readJson("branch-en.json")).toHaveProperty("checkout.pay", "Pay now");
  });

  it("status and check read the branch's keys", async () => {
    const branch = await sprog("status", "--branch", "feature/checkout");
    expect(branch.code).toBe(0);
    expect(branch.stdout).toContain("on branch feature/checkout (source language en)");
    expect(branch.stdout).toMatch(/^en\s+6\s+6\s+0\s+/m);
    const main = await sprog("status");
    expect(main.stdout).not.toContain("on branch");
    expect(main.stdout).toMatch(/^en\s+5\s+5\s+0\s+/m);
    const checked = await sprog("check", "--branch", "feature/checkout");
    expect(checked.stdout).toContain("6 keys in the project on branch feature/checkout.");
  });

  it("says when the branch does not exist or its name cannot be one", async () => {
    const unknown = await sprog("status", "--branch", "feature/nope");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No branch named feature/nope: push to it first, or create it");
    const bad = await sprog("push", "--branch", "feature//x");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--branch "feature//x" is not a branch name: Branch name may hold');
  });
});

describe("sprog branch", () => {
  it("creates branches, from main or from another branch", async () => {
    const created = await sprog("branch", "create", "feature/empty");
    expect(created.stderr).toBe("");
    expect(created.stdout).toContain("Created branch feature/empty from main.");
    const child = await sprog("branch", "create", "feature/child", "--from", "feature/checkout");
    expect(child.stdout).toContain("Created branch feature/child from feature/checkout.");
    const again = await sprog("branch", "create", "feature/empty");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("A branch named feature/empty already exists");
  });

  it("lists the live branches with their changes", async () => {
    const list = await sprog("branch", "list");
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^branch\s+from\s+added\s+changed\s+deleted\s+strings\s+merges$/m);
    // One key added; greeting's change is a string changed, not the key itself.
    expect(list.stdout).toMatch(/^feature\/checkout\s+main\s+1\s+0\s+0\s+\d+\s+0$/m);
    expect(list.stdout).toMatch(/^feature\/empty\s+main\s+0\s+0\s+0\s+0\s+0$/m);
    expect(list.stdout).toMatch(/^feature\/child\s+feature\/checkout\s/m);
  });

  it("deletes branches: gone from the list", async () => {
    for (const name of ["feature/empty", "feature/child"]) {
      const deleted = await sprog("branch", "delete", name);
      expect(deleted.code).toBe(0);
      expect(deleted.stdout).toContain(`Deleted branch ${name}: archived with its changes`);
    }
    const after = await sprog("branch", "list");
    expect(after.stdout).not.toContain("feature/empty");
    expect(after.stdout).toContain("feature/checkout");
  });

  it("merge waits for a completed review when the project asks for one", async () => {
    const requireReview = async (on: boolean) =>
      expect(
        (
          await call(owner, contract.branches.settings, {
            params: { projectId },
            body: { mergeRequiresReview: on },
          })
        ).status,
      ).toBe(200);
    await requireReview(true);
    const refused = await sprog("branch", "merge", "feature/checkout");
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      "Cannot merge branch feature/checkout: Merging needs a completed review of this branch's changes",
    );
    await requireReview(false);
  });

  it("merge refuses while a string changed on both sides is unresolved", async () => {
    // Meanwhile on main: greeting otherwise than the branch has it.
    await writeFile(join(dir, EN), JSON.stringify({ greeting: "Hey {name}" }));
    expect((await sprog("push")).code).toBe(0);

    const refused = await sprog("branch", "merge", "feature/checkout");
    expect(refused.code).toBe(8);
    expect(refused.stderr).toContain(
      "Cannot merge branch feature/checkout: 1 conflict is not resolved: greeting. Choose the branch's or the base's text for each.",
    );
    expect(refused.stderr).toContain('Run "sprog branch merge feature/checkout --take branch"');
    expect((await readJson(EN)).greeting).toBe("Hey {name}");
  });

  it("merge --take branch settles every conflict with the branch's text", async () => {
    const merged = await sprog("branch", "merge", "feature/checkout", "--take", "branch");
    expect(merged.stderr).toBe("");
    expect(merged.code).toBe(0);
    expect(merged.stdout).toContain(
      "Merged branch feature/checkout into main: 1 key added, 0 changed, 0 deleted",
    );
    expect((await sprog("pull")).code).toBe(0);
    expect(await readJson(EN)).toMatchObject({ greeting: "Hi {name}", "checkout.pay": "Pay now" });

    const bad = await sprog("branch", "merge", "feature/checkout", "--take", "mine");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--take must be branch or base (got "mine")');
    const nameless = await sprog("branch", "merge");
    expect(nameless.code).toBe(2);
    expect(nameless.stderr).toContain("Which branch? Name it (sprog branch merge <name>)");
  });
});

describe('"branch": "git" in sprog.config.json', () => {
  const inGit = (...args: string[]) => runCli(gitDir, args, env);

  it("works on the git branch checked out; --branch wins over it", async () => {
    await writeFile(join(gitDir, "sprog.config.json"), JSON.stringify({ ...config, branch: "git" }, null, 2));
    // No commit is needed: HEAD names the branch from `git checkout -b` on.
    await git("git", ["init", "-q"], { cwd: gitDir });
    await git("git", ["checkout", "-q", "-b", "feature/x"], { cwd: gitDir });
    await editSource(gitDir, { "git.only": "From the git branch" });

    const pushed = await inGit("push");
    expect(pushed.stderr).toBe("");
    expect(pushed.stdout).toContain("Pushing to branch feature/x");
    expect((await inGit("status")).stdout).toContain("on branch feature/x");
    // --branch wins over the config.
    expect((await inGit("status", "--branch", "main")).stdout).not.toContain("on branch");
  });

  it("merges and deletes the configured branch without naming it", async () => {
    // After the pull request: merge and delete the configured branch without naming it.
    const merged = await inGit("branch", "merge");
    expect(merged.code).toBe(0);
    expect(merged.stdout).toContain("Merged branch feature/x into main: 1 key added");
    const deleted = await inGit("branch", "delete");
    expect(deleted.stdout).toContain("Deleted branch feature/x");
  });

  it("is main on git's main branch", async () => {
    await git("git", ["checkout", "-q", "-b", "main"], { cwd: gitDir });
    const onMain = await inGit("status");
    expect(onMain.code).toBe(0);
    expect(onMain.stdout).not.toContain("on branch");
    expect(onMain.stdout).toMatch(/^en\s+7\s+/m);
  });

  it("checks the config's branch fields", async () => {
    let lines: string[] = [];
    const write = async (fields: Record<string, unknown>) => {
      const text = JSON.stringify({ ...fields, ...config }, null, 2);
      lines = text.split("\n");
      await writeFile(join(gitDir, "sprog.config.json"), text);
    };
    const lineOf = (field: string) => lines.findIndex((line) => line.startsWith(`  "${field}"`)) + 1;
    await write({ branch: "feature//x", mainBranch: 5 });
    const run = await inGit("status");
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(
      `sprog.config.json line ${lineOf("branch")}: branch must be a branch name (letters, digits, '.', '_', '-' and '/', not starting or ending with '/' or '.'), e.g. feature/checkout, or "git" for the current git branch (got "feature//x")`,
    );
    expect(run.stderr).toContain(
      `sprog.config.json line ${lineOf("mainBranch")}: mainBranch must be a string (got a number)`,
    );
    await write({ branch: "x".repeat(101) });
    expect((await inGit("status")).stderr).toContain("branch must be at most 100 characters long");
  });
});
