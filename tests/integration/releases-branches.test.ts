import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { BRANCH_HEADER } from "../../src/shared/schemas/branches.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { fixtureCopy, runCli } from "../helpers/cli-run.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { releaseHelpers } from "../helpers/releases.ts";
import { keyClient } from "../helpers/transfer.ts";

const api = apiAppForThisFile();
const { world, url, manifestOf, publish } = releaseHelpers(api);

/** Releases of a branch's strings (issue 39): staging, never production, and named in the manifest. */
describe("releases from a branch", () => {
  it("a release from a branch carries the branch's strings, goes to staging, never production; main's does not see it", async () => {
    const { owner, projectId, keys } = await world();
    const branch = await call(owner, contract.branches.create, {
      params: { projectId },
      body: { name: "copy/winter" },
    });
    expect(branch.status).toBe(201);
    const onBranch = { headers: { [BRANCH_HEADER]: branch.body.id } };
    const saved = await call(
      owner,
      contract.strings.save,
      { params: { keyId: keys.title, lang: "de" }, body: { value: "Winterwillkommen", force: true } },
      onBranch,
    );
    expect(saved.status).toBe(200);
    const first = await publish(owner, projectId);
    expect(first).toMatchObject({ number: 1, environment: "production", branch: "main" });

    const fromBranch = await call(
      owner,
      contract.releases.publish,
      { params: { projectId }, body: {} },
      onBranch,
    );
    expect(fromBranch.status).toBe(201);
    // Staging unless told otherwise; the keys changed are the branch's against main's release.
    expect(fromBranch.body).toMatchObject({
      number: 2,
      environment: "staging",
      branch: "copy/winter",
      keysChanged: 1,
      liveIn: ["staging"],
    });
    const germanOf = async (release: typeof first) => {
      const path = release.files.find((file) => file.language === "de")?.path ?? "";
      return ((await (await fetch(url(path))).json()) as Record<string, string>)["home.title"];
    };
    expect(await germanOf(fromBranch.body)).toBe("Winterwillkommen");
    expect(await germanOf(first)).toBe("Willkommen");

    const toProduction = await fail(
      owner,
      contract.releases.publish,
      { params: { projectId }, body: { environment: "production" } },
      onBranch,
    );
    expect(toProduction.status).toBe(400);
    expect(toProduction.body.error.message).toContain(
      "A release of the branch copy/winter cannot go to production: production is for main's strings",
    );
    const promoted = await fail(owner, contract.releases.activate, {
      params: { id: fromBranch.body.id },
      body: { environment: "production" },
    });
    expect(promoted.status).toBe(400);
    expect(promoted.body.error.message).toContain("cannot go to production");
    const qa = await call(owner, contract.releases.activate, {
      params: { id: fromBranch.body.id },
      body: { environment: "qa" },
    });
    expect(qa.status).toBe(200);

    // Main's next release is main's text, and counts its changes against main's release alone.
    const third = await publish(owner, projectId);
    expect(third).toMatchObject({ number: 3, branch: "main", keysChanged: 0 });
    expect(await germanOf(third)).toBe("Willkommen");
    // A deleted branch's releases still say whose strings they carry.
    expect((await call(owner, contract.branches.archive, { params: { id: branch.body.id } })).status).toBe(
      200,
    );
    const list = await call(owner, contract.releases.list, { params: { projectId } });
    expect(list.body.releases.map((release) => [release.number, release.branch, release.liveIn])).toEqual([
      [3, "main", ["production"]],
      [2, "copy/winter", ["qa", "staging"]],
      [1, "main", []],
    ]);
    // An app's manifest says whose strings it is given, the branch's name outliving the branch.
    const manifests = `/ota/${list.body.distributionId}`;
    expect((await manifestOf(`${manifests}/staging/manifest.json`)).body).toMatchObject({
      release: 2,
      environment: "staging",
      branch: "copy/winter",
    });
    expect((await manifestOf(`${manifests}/production/manifest.json`)).body).toMatchObject({
      release: 3,
      branch: "main",
    });
  });

  it("CI and sprog release name a branch as pull does: staging by default, production refused, an unknown one 404", async () => {
    const { owner, projectId, keys } = await world();
    const key = await createScopedKey(owner, projectId, ["release"]);
    const branch = await call(owner, contract.branches.create, {
      params: { projectId },
      body: { name: "ci/x" },
    });
    await call(
      owner,
      contract.strings.save,
      { params: { keyId: keys.hello, lang: "de" }, body: { value: "Hallo {name}", force: true } },
      { headers: { [BRANCH_HEADER]: branch.body.id } },
    );
    const ci = keyClient(api().app.url, key.key);
    const published = await call(ci, v1Contract.release, { body: { branch: "ci/x", languages: ["de"] } });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ number: 1, environment: "staging", branch: "ci/x", keyCount: 3 });
    const refused = await fail(ci, v1Contract.release, {
      body: { branch: "ci/x", environment: "production" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("cannot go to production");
    const unknown = await fail(ci, v1Contract.release, { body: { branch: "nope" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("No branch named nope");
    const main = await call(ci, v1Contract.release, { body: { branch: "main", languages: ["de"] } });
    expect(main.body).toMatchObject({ number: 2, environment: "production", branch: "main", keyCount: 2 });

    const ran = await runCli(await fixtureCopy(), ["release", "--branch", "ci/x", "--environment", "qa"], {
      SPROG_HOST: api().app.url,
      SPROG_API_KEY: key.key,
    });
    expect(ran.stderr).toBe("");
    expect(ran.stdout).toContain("Release 3 from branch ci/x published to qa: en, de, fr (3 keys,");
  });
});
