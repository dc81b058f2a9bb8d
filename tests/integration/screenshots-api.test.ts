import { describe, expect, it } from "vitest";
import { loadKeyScreenshots } from "../../src/server/screenshots/queries.ts";
import { contract } from "../../src/shared/contract/index.ts";
import type { KeyScreenshot } from "../../src/shared/schemas/screenshots.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail, requestOf } from "../helpers/contract-client.ts";
import { buildKey, buildProject, buildTeam } from "../helpers/factories.ts";
import {
  GIF_BYTES,
  JPEG_BYTES,
  pngBytes,
  simpleWebp,
  WEBP_LOSSLESS_VP8X_BYTES,
  WEBP_VP8X_BYTES,
} from "../helpers/images.ts";
import { listenToBus } from "../helpers/reviews.ts";
import { teamOfThree } from "../helpers/teams.ts";

const api = apiAppForThisFile();
const NOT_AN_IMAGE = "This file is not a PNG, JPEG or WebP image";
const MB = 1024 * 1024;

async function world() {
  const team = await teamOfThree(api());
  const project = await buildProject(team.owner, team.teamId, { languages: ["de"] });
  const keyId = await buildKey(team.owner, project.id, "home.title", { source: "Welcome" });
  const otherKeyId = await buildKey(team.owner, project.id, "home.subtitle", { source: "Hello" });
  return { ...team, projectId: project.id, keyId, otherKeyId };
}

/** The upload's input: the file as multipart form data, its part typed `type` when given. */
function screenshotFile(keyId: string, bytes: Uint8Array, name: string, type?: string) {
  const file = new File([new Uint8Array(bytes)], name, type === undefined ? {} : { type });
  return { params: { keyId }, body: { file } };
}

function upload(client: ApiClient, keyId: string, bytes: Uint8Array, name: string) {
  return call(client, contract.screenshots.upload, screenshotFile(keyId, bytes, name));
}

function refuseUpload(client: ApiClient, keyId: string, bytes: Uint8Array, name: string, type?: string) {
  return fail(client, contract.screenshots.upload, screenshotFile(keyId, bytes, name, type));
}

const imagePath = (id: string) => requestOf(contract.screenshots.image, { params: { id } }).path;

async function image(client: ApiClient, id: string, headers: Record<string, string> = {}) {
  const answer = await call(client, contract.screenshots.image, { params: { id } }, { headers });
  return { status: answer.status, headers: answer.headers, bytes: Buffer.from(answer.body) };
}

describe("screenshots: upload and serve", () => {
  it("stores PNG, JPEG and WebP with the type and size their bytes prove, and serves them sandboxed", async () => {
    const { owner, reviewer, keyId, projectId } = await world();
    const files = [
      { bytes: pngBytes(20, 10), name: "home.png", mime: "image/png", width: 20, height: 10 },
      { bytes: JPEG_BYTES, name: "home.jpg", mime: "image/jpeg", width: 8, height: 6 },
      { bytes: WEBP_VP8X_BYTES, name: "home.webp", mime: "image/webp", width: 8, height: 6 },
      {
        bytes: simpleWebp(WEBP_LOSSLESS_VP8X_BYTES),
        name: "l.webp",
        mime: "image/webp",
        width: 8,
        height: 6,
      },
    ];
    for (const file of files) {
      // The part's type is left out: the bytes alone decide.
      const uploaded = await upload(owner, keyId, file.bytes, file.name);
      expect(uploaded.status).toBe(201);
      expect(uploaded.body).toMatchObject({
        projectId,
        name: file.name,
        mime: file.mime,
        width: file.width,
        height: file.height,
        byteSize: file.bytes.length,
        keys: [{ keyId, rect: null }],
      });
      expect(uploaded.body.url).toBe(imagePath(uploaded.body.id));

      const served = await image(reviewer, uploaded.body.id);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(Buffer.from(file.bytes))).toBe(true);
      expect(served.headers.get("content-type")).toBe(file.mime);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect(served.headers.get("content-disposition")).toBe("inline");
      expect(served.headers.get("cache-control")).toBe("private, max-age=3600");
      const etag = served.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await image(reviewer, uploaded.body.id, { "if-none-match": etag });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
    }

    const listed = await call(reviewer, contract.screenshots.listForKey, { params: { keyId } });
    expect(listed.body.screenshots.map((s: KeyScreenshot) => s.name)).toEqual([
      "l.webp",
      "home.webp",
      "home.jpg",
      "home.png",
    ]);
    expect(listed.body.screenshots[0]).toMatchObject({ rect: null, width: 8, height: 6 });
  });

  it("refuses a GIF, HTML named .png, a PNG sent as another type and a truncated polyglot", async () => {
    const { owner, keyId, projectId } = await world();
    const png = pngBytes(4, 4);
    const polyglot = Buffer.concat([
      png.subarray(0, 20),
      Buffer.from("<html><script>alert(1)</script></html>"),
    ]);
    const refused = [
      { bytes: GIF_BYTES, name: "shot.gif", type: "image/gif", message: NOT_AN_IMAGE },
      {
        bytes: Buffer.from("<!doctype html><script>alert(1)</script>"),
        name: "shot.png",
        type: "image/png",
        message: NOT_AN_IMAGE,
      },
      { bytes: polyglot, name: "shot.png", type: "image/png", message: NOT_AN_IMAGE },
      {
        bytes: png,
        name: "shot.png",
        type: "text/html",
        message: `${NOT_AN_IMAGE}: it was sent as text/html but its contents are image/png`,
      },
    ];
    for (const file of refused) {
      const answer = await refuseUpload(owner, keyId, file.bytes, file.name, file.type);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: "validation_failed", message: file.message });
    }
    // No file part at all.
    const none = await fail(owner, contract.screenshots.upload, { params: { keyId }, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe("Choose a PNG, JPEG or WebP image to upload");
    const listed = await call(owner, contract.screenshots.listForProject, { params: { projectId } });
    expect(listed.body.screenshots).toEqual([]);
  });

  it("refuses a file over SCREENSHOT_MAX_BYTES (413 naming the limit), whether the body or the file is over", async () => {
    const { owner, keyId } = await world();
    // Over the limit by a few bytes: read, then refused by the check.
    const justOver = Buffer.concat([pngBytes(4, 4), Buffer.alloc(5 * MB)]);
    const first = await refuseUpload(owner, keyId, justOver, "big.png");
    expect(first.status).toBe(413);
    expect(first.body.error).toEqual({
      code: "payload_too_large",
      message: "The screenshot is larger than the 5 MB limit",
    });
    // Far over it: refused by the route's body limit as it arrives.
    const far = await refuseUpload(owner, keyId, Buffer.alloc(7 * MB), "huge.png");
    expect(far.status).toBe(413);
    expect(far.body.error.message).toBe("The screenshot is larger than the 5 MB limit");
  });
});

describe("screenshots: links, permissions, events", () => {
  it("links one screenshot to several keys with a rectangle each, and unlinks", async () => {
    const { owner, reviewer, keyId, otherKeyId, projectId } = await world();
    const uploaded = await upload(owner, keyId, pngBytes(100, 50), "screen.png");
    const id = uploaded.body.id;
    const linked = await call(owner, contract.screenshots.link, {
      params: { id },
      body: {
        links: [
          { keyId, rect: { x: 0, y: 0, width: 100, height: 20 } },
          { keyId: otherKeyId, rect: { x: 10, y: 25, width: 50, height: 25 } },
        ],
      },
    });
    expect(linked.status).toBe(200);
    expect(new Map(linked.body.keys.map((link) => [link.keyId, link.rect]))).toEqual(
      new Map([
        [keyId, { x: 0, y: 0, width: 100, height: 20 }],
        [otherKeyId, { x: 10, y: 25, width: 50, height: 25 }],
      ]),
    );
    const forOther = await call(reviewer, contract.screenshots.listForKey, { params: { keyId: otherKeyId } });
    expect(forOther.body.screenshots).toEqual([
      expect.objectContaining({ id, rect: { x: 10, y: 25, width: 50, height: 25 } }),
    ]);

    // A rectangle must lie inside the image.
    const outside = await fail(owner, contract.screenshots.link, {
      params: { id },
      body: { links: [{ keyId, rect: { x: 90, y: 0, width: 20, height: 10 } }] },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toBe("The rectangle must lie inside the image (100 × 50 pixels)");

    const unlinked = await call(owner, contract.screenshots.unlink, { params: { id, keyId: otherKeyId } });
    expect(unlinked.body.keys.map((link) => link.keyId)).toEqual([keyId]);
    expect(
      (await fail(owner, contract.screenshots.unlink, { params: { id, keyId: otherKeyId } })).status,
    ).toBe(404);
    const project = await call(owner, contract.screenshots.listForProject, { params: { projectId } });
    expect(project.body.screenshots.map((s) => s.id)).toEqual([id]);

    expect((await call(owner, contract.screenshots.remove, { params: { id } })).status).toBe(204);
    expect((await fail(owner, contract.screenshots.image, { params: { id } })).status).toBe(404);
    expect(
      (await call(owner, contract.screenshots.listForKey, { params: { keyId } })).body.screenshots,
    ).toEqual([]);
  });

  it("refuses a key of another project, even of the same team, and writes no link", async () => {
    const { owner, keyId, teamId } = await world();
    const elsewhere = await buildProject(owner, teamId, { name: "Other" });
    const foreignKey = await buildKey(owner, elsewhere.id, "other.key", { source: "Other" });
    const id = (await upload(owner, keyId, pngBytes(), "a.png")).body.id;
    const answer = await fail(owner, contract.screenshots.link, {
      params: { id },
      body: { links: [{ keyId: foreignKey, rect: null }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe("Every key must be a key of the screenshot's project");
    const foreign = await call(owner, contract.screenshots.listForKey, { params: { keyId: foreignKey } });
    expect(foreign.body.screenshots).toEqual([]);
  });

  it("lets members see, owners and admins change; an outsider finds nothing", async () => {
    const { owner, admin, reviewer, outsider, keyId, projectId } = await world();
    expect((await upload(admin, keyId, pngBytes(), "by-admin.png")).status).toBe(201);
    const byReviewer = await refuseUpload(reviewer, keyId, pngBytes(), "by-reviewer.png");
    expect(byReviewer.status).toBe(403);
    expect((await refuseUpload(outsider, keyId, pngBytes(), "by-outsider.png")).status).toBe(404);

    const id = (await upload(owner, keyId, pngBytes(), "by-owner.png")).body.id;
    expect((await image(reviewer, id)).status).toBe(200);
    expect((await fail(outsider, contract.screenshots.image, { params: { id } })).status).toBe(404);
    expect((await fail(api().client(), contract.screenshots.image, { params: { id } })).status).toBe(401);
    expect((await fail(reviewer, contract.screenshots.remove, { params: { id } })).status).toBe(403);
    expect((await fail(outsider, contract.screenshots.remove, { params: { id } })).status).toBe(404);
    expect(
      (await fail(outsider, contract.screenshots.listForProject, { params: { projectId } })).status,
    ).toBe(404);
    expect(
      (await call(owner, contract.screenshots.listForKey, { params: { keyId } })).body.screenshots,
    ).toHaveLength(2);
  });

  it("tells open editors which keys' screenshots changed", async () => {
    const { owner, keyId, otherKeyId, projectId } = await world();
    const bus = await listenToBus(api());
    try {
      const id = (await upload(owner, keyId, pngBytes(), "a.png")).body.id;
      await call(owner, contract.screenshots.link, {
        params: { id },
        body: { links: [{ keyId: otherKeyId, rect: null }] },
      });
      await call(owner, contract.screenshots.remove, { params: { id } });
      const mine = () =>
        bus.seen
          .filter((m) => (m as { projectId?: string }).projectId === projectId)
          .map((m) => (m as { event: { type: string; data: { keyIds: string[] } } }).event);
      const deadline = Date.now() + 5000;
      while (mine().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(mine().map((event) => event.type)).toEqual([
        "screenshots.updated",
        "screenshots.updated",
        "screenshots.updated",
      ]);
      expect(mine()[0]?.data.keyIds).toEqual([keyId]);
      expect(mine()[1]?.data.keyIds).toEqual([otherKeyId]);
      expect(new Set(mine()[2]?.data.keyIds)).toEqual(new Set([keyId, otherKeyId]));
    } finally {
      await bus.stop();
    }
  });
});

describe("loadKeyScreenshots (for the AI calls)", () => {
  it("gives each key its most recently linked screenshot within the size, with the key's rectangle", async () => {
    const owner = (await teamOfThree(api())).owner;
    const teamId = (await buildTeam(owner)).id;
    const project = await buildProject(owner, teamId);
    const a = await buildKey(owner, project.id, "a", { source: "A" });
    const b = await buildKey(owner, project.id, "b", { source: "B" });
    const none = await buildKey(owner, project.id, "none", { source: "None" });
    const small = await upload(owner, a, pngBytes(10, 10), "small.png");
    const large = await upload(owner, a, pngBytes(300, 300, { rgb: [1, 2, 3] }), "large.png");
    await call(owner, contract.screenshots.link, {
      params: { id: small.body.id },
      body: { links: [{ keyId: b, rect: { x: 1, y: 2, width: 3, height: 4 } }] },
    });

    const everything = await loadKeyScreenshots(api().db, [a, b, none], { maxBytes: 10 * MB });
    expect([...everything.keys()].sort()).toEqual([a, b].sort());
    expect(everything.get(a)).toMatchObject({ mime: "image/png", width: 300, height: 300, rect: null });
    expect(everything.get(b)).toMatchObject({
      width: 10,
      height: 10,
      rect: { x: 1, y: 2, width: 3, height: 4 },
    });
    expect(everything.get(b)?.data.equals(pngBytes(10, 10))).toBe(true);

    // The newest is too large: the next one is sent instead.
    const limited = await loadKeyScreenshots(api().db, [a], { maxBytes: small.body.byteSize });
    expect(large.body.byteSize).toBeGreaterThan(small.body.byteSize);
    expect(limited.get(a)).toMatchObject({ width: 10, height: 10 });
    expect((await loadKeyScreenshots(api().db, [], { maxBytes: MB })).size).toBe(0);
  });
});
