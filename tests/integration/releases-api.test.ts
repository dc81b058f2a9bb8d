import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { v1Contract } from "../../src/shared/contract/v1.ts";
import { RELEASE_FILE_CACHE_CONTROL, type ReleaseManifest } from "../../src/shared/schemas/releases.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { fixtureCopy, runCli } from "../helpers/cli-run.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { memberOf, ownerWithProject, saveString } from "../helpers/factories.ts";
import { createScopedKey } from "../helpers/key-requests.ts";
import { releaseHelpers } from "../helpers/releases.ts";
import { createReview, setApproval } from "../helpers/reviews.ts";
import { keyClient } from "../helpers/transfer.ts";

const api = apiAppForThisFile();

const { world, url, manifestOf, publish } = releaseHelpers(api);

describe("releases: publish, serve, roll back", () => {
  it("publishes the pull API's JSON per language at content-named URLs, named by the environment's manifest", async () => {
    const { owner, projectId } = await world();
    const release = await publish(owner, projectId);
    expect(release).toMatchObject({
      number: 1,
      environment: "production",
      trigger: "person",
      languages: ["en", "de", "fr"],
      only: "all",
      placeholderFormat: "web",
      keyCount: 3,
      keysChanged: 3,
      liveIn: ["production"],
    });
    expect(release.files.map((file) => file.language)).toEqual(["de", "en", "fr"]);

    const list = await call(owner, contract.releases.list, { params: { projectId } });
    expect(list.status).toBe(200);
    const { distributionId } = list.body;
    expect(distributionId).toMatch(/^[0-9a-f]{32}$/);
    expect(list.body.environments).toEqual([
      expect.objectContaining({
        name: "production",
        releaseNumber: 1,
        manifestPath: `/ota/${distributionId}/production/manifest.json`,
      }),
    ]);

    const { response, body: manifest } = await manifestOf(`/ota/${distributionId}/production/manifest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const etag = response.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"/);
    expect(manifest).toMatchObject({ release: 1, environment: "production", placeholderFormat: "web" });
    expect(Object.keys(manifest?.files ?? {}).sort()).toEqual(["de", "en", "fr"]);

    const again = await manifestOf(`/ota/${distributionId}/production/manifest.json`, {
      "if-none-match": etag,
    });
    expect(again.response.status).toBe(304);

    // The German file is byte for byte what the pull API gives for German.
    const filePath = `/ota/${distributionId}/${manifest?.files.de}`;
    const file = await fetch(url(filePath));
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe(RELEASE_FILE_CACHE_CONTROL);
    expect(file.headers.get("access-control-allow-origin")).toBe("*");
    // fetch asks for gzip, and reads the bytes unzipped below.
    expect(file.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await file.arrayBuffer());
    const key = await createScopedKey(owner, projectId, ["pull"]);
    const pulled = await call(keyClient(api().app.url, key.key), v1Contract.pull, {
      body: { format: "json", placeholderFormat: "web", language: "de" },
    });
    expect(pulled.status).toBe(200);
    expect(bytes.equals(Buffer.from(pulled.body as unknown as Uint8Array))).toBe(true);
    expect(JSON.parse(bytes.toString("utf8"))).toEqual({
      "home.title": "Willkommen",
      "cart.items": "{count, plural, one {# Artikel} other {# Artikel}}",
    });
    // The file's hash is its name: a client that holds it needs nothing more.
    const hash = manifest?.files.de?.slice("files/".length, -".json".length);
    expect((await fetch(url(filePath), { headers: { "if-none-match": `"${hash}"` } })).status).toBe(304);
  });

  it("counts what changed since the release before, shares unchanged files, and rolls an environment back", async () => {
    const { owner, projectId, keys } = await world();
    const first = await publish(owner, projectId);
    await saveString(owner, keys.hello, "de", "Hallo {name}");
    const second = await publish(owner, projectId);
    expect(second).toMatchObject({ number: 2, keysChanged: 1, keyCount: 3 });
    const path = (release: typeof first, language: string) =>
      release.files.find((file) => file.language === language)?.path;
    expect(path(second, "en")).toBe(path(first, "en"));
    expect(path(second, "de")).not.toBe(path(first, "de"));

    const { distributionId } = (await call(owner, contract.releases.list, { params: { projectId } })).body;
    const manifestPath = `/ota/${distributionId}/production/manifest.json`;
    expect((await manifestOf(manifestPath)).body?.release).toBe(2);

    const rolledBack = await call(owner, contract.releases.activate, {
      params: { id: first.id },
      body: { environment: "production" },
    });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.environments).toEqual([
      expect.objectContaining({ name: "production", releaseNumber: 1 }),
    ]);
    expect(rolledBack.body.releases.map((release) => [release.number, release.liveIn])).toEqual([
      [2, []],
      [1, ["production"]],
    ]);
    // The manifest names release 1 at once (this process's cache dropped it).
    expect((await manifestOf(manifestPath)).body?.release).toBe(1);

    // Staging is another manifest: promoting release 2 there leaves production alone.
    await call(owner, contract.releases.activate, {
      params: { id: second.id },
      body: { environment: "staging" },
    });
    expect((await manifestOf(`/ota/${distributionId}/staging/manifest.json`)).body?.release).toBe(2);
    expect((await manifestOf(manifestPath)).body?.release).toBe(1);
  });

  it("only approved strings, or only strings without failing checks, leave the rest to the app's fallback", async () => {
    const { owner, projectId, keys } = await world();
    // German: the title approved, the plural not; a French text that drops the placeholder fails a check.
    await saveString(owner, keys.hello, "fr", "Bonjour");
    await saveString(owner, keys.title, "fr", "Bienvenue");
    const review = await createReview(owner, projectId, { title: "Home", keyIds: [keys.title, keys.items] });
    expect(
      (await setApproval(owner, review.id, { keyId: keys.title, language: "de", state: "approved" })).status,
    ).toBe(200);

    const approved = await publish(owner, projectId, { only: "approved", languages: ["en", "de"] });
    const passing = await publish(owner, projectId, { only: "passing_checks", languages: ["en", "fr"] });
    const read = async (release: typeof approved, language: string) => {
      const path = release.files.find((file) => file.language === language)?.path ?? "";
      return (await (await fetch(url(path))).json()) as Record<string, string>;
    };
    expect(await read(approved, "de")).toEqual({ "home.title": "Willkommen" });
    // The source language is always whole.
    expect(Object.keys(await read(approved, "en")).sort()).toEqual(["cart.items", "hello", "home.title"]);
    expect(await read(passing, "fr")).toEqual({ "home.title": "Bienvenue" });
    expect(approved.only).toBe("approved");
  });

  it("refuses what is not allowed, with clear errors, and changes nothing", async () => {
    const { owner, projectId, teamId } = await world();
    const reviewer = await memberOf(api(), teamId, "reviewer");
    const outsider = await ownerWithProject(api());
    expect((await call(reviewer.client, contract.releases.list, { params: { projectId } })).status).toBe(200);
    expect(
      (await fail(reviewer.client, contract.releases.publish, { params: { projectId }, body: {} })).status,
    ).toBe(403);
    expect(
      (await fail(outsider.owner, contract.releases.publish, { params: { projectId }, body: {} })).status,
    ).toBe(404);

    const badEnvironment = await fail(owner, contract.releases.publish, {
      params: { projectId },
      body: { environment: "Production!" },
    });
    expect(badEnvironment.status).toBe(400);
    expect(badEnvironment.body.error.message).toContain("environment must be lowercase letters");
    const badLanguage = await fail(owner, contract.releases.publish, {
      params: { projectId },
      body: { languages: ["de", "ja"] },
    });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.error.message).toContain("(ja) is not a language of this project");
    const list = await call(owner, contract.releases.list, { params: { projectId } });
    expect(list.body.releases).toEqual([]);

    // Nothing published yet: the manifest says so, to any origin.
    const missing = await fetch(url(`/ota/${list.body.distributionId}/production/manifest.json`));
    expect(missing.status).toBe(404);
    expect(missing.headers.get("access-control-allow-origin")).toBe("*");
    expect(await missing.json()).toEqual({
      error: { code: "not_found", message: "No release is published to production yet" },
    });
    expect((await fetch(url(`/ota/${"0".repeat(32)}/production/manifest.json`))).status).toBe(404);
    expect((await fetch(url(`/ota/${list.body.distributionId}/files/${"a".repeat(32)}.json`))).status).toBe(
      404,
    );
    expect((await fetch(url("/ota/not-an-id/production/manifest.json"))).status).toBe(404);
    const preflight = await fetch(url(`/ota/${list.body.distributionId}/production/manifest.json`), {
      method: "OPTIONS",
      headers: { origin: "https://app.example.com", "access-control-request-headers": "if-none-match" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("if-none-match");
  });

  it("CI publishes with a release key; a key without the scope is refused", async () => {
    const { owner, projectId } = await world();
    const releaseKey = await createScopedKey(owner, projectId, ["release"]);
    const pullKey = await createScopedKey(owner, projectId, ["pull"]);
    const published = await call(keyClient(api().app.url, releaseKey.key), v1Contract.release, {
      body: { environment: "staging", languages: ["de"] },
    });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({
      number: 1,
      environment: "staging",
      languages: ["de"],
      keyCount: 2,
    });
    expect(published.body.manifestPath).toMatch(/^\/ota\/[0-9a-f]{32}\/staging\/manifest\.json$/);
    const refused = await fail(keyClient(api().app.url, pullKey.key), v1Contract.release, { body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("give it the release scope");
    const list = await call(owner, contract.releases.list, { params: { projectId } });
    expect(list.body.releases[0]).toMatchObject({ trigger: "api", createdBy: 'API key "release"' });
  });

  it("sprog release publishes from CI and says where the manifest is; a bad value is the server's words, exit 4", async () => {
    const { owner, projectId } = await world();
    const key = await createScopedKey(owner, projectId, ["release"]);
    const dir = await fixtureCopy();
    const env = { SPROG_HOST: api().app.url, SPROG_API_KEY: key.key };
    const ran = await runCli(dir, ["release", "--environment", "staging", "--language", "en,de"], env);
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const [line, manifest] = ran.stdout.trim().split("\n");
    expect(line).toBe(
      "Release 1 published to staging: en, de (3 keys, 3 keys changed since the release before)",
    );
    expect(manifest).toMatch(
      new RegExp(`^Manifest: ${api().app.url}/ota/[0-9a-f]{32}/staging/manifest\\.json$`),
    );
    const served = await fetch((manifest ?? "").slice("Manifest: ".length));
    expect(((await served.json()) as ReleaseManifest).release).toBe(1);

    const bad = await runCli(dir, ["release", "--only", "reviewed"], env);
    expect(bad.code).toBe(4);
    expect(bad.stderr).toContain("only must be one of: all, approved, passing_checks");
  });

  it("a completed review publishes to the environment the project chose", async () => {
    const { owner, projectId, keys } = await world();
    const settings = await call(owner, contract.releases.settings, {
      params: { projectId },
      body: { releaseOnReview: "staging" },
    });
    expect(settings.body.releaseOnReview).toBe("staging");
    const review = await createReview(owner, projectId, { title: "All", keyIds: [keys.title] });
    const done = await call(owner, contract.reviews.update, {
      params: { reviewId: review.id },
      body: { languagesDone: ["en", "de", "fr"] },
    });
    expect(done.status).toBe(200);
    let releases = (await call(owner, contract.releases.list, { params: { projectId } })).body.releases;
    for (let tries = 0; releases.length === 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      releases = (await call(owner, contract.releases.list, { params: { projectId } })).body.releases;
    }
    expect(releases).toEqual([
      expect.objectContaining({ number: 1, trigger: "review", environment: "staging" }),
    ]);
  });

  it("counts the files served per release and day", async () => {
    const { owner, projectId } = await world();
    const release = await publish(owner, projectId);
    const de = release.files.find((file) => file.language === "de")?.path ?? "";
    for (let i = 0; i < 3; i++) expect((await fetch(url(de))).status).toBe(200);
    const list = await call(owner, contract.releases.list, { params: { projectId } });
    const today = new Date().toISOString().slice(0, 10);
    expect(list.body.releases[0]?.downloads).toEqual([{ day: today, count: 3 }]);
  });
});
