import { Hono } from "hono";
import {
  DISTRIBUTION_ID_PATTERN,
  ENVIRONMENT_PATTERN,
  MANIFEST_MAX_AGE_SECONDS,
  OTA_PREFIX,
  RELEASE_FILE_CACHE_CONTROL,
  RELEASE_FILE_HASH_PATTERN,
} from "../../shared/schemas/releases.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { DownloadCounter } from "./download-counter.ts";
import type { ReleaseService } from "./service.ts";

/**
 * What any page may read, from any origin, without credentials: apps on other origins fetch their
 * releases, and a CDN caches them for everyone (`public`).
 */
const OPEN = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "etag",
  "cross-origin-resource-policy": "cross-origin",
  "x-content-type-options": "nosniff",
} as const;

const JSON_TYPE = "application/json; charset=utf-8";

function notFound(message: string): Response {
  return new Response(JSON.stringify({ error: { code: "not_found", message } }), {
    status: 404,
    headers: {
      ...OPEN,
      "content-type": JSON_TYPE,
      // A release may be published soon: a miss is not kept long.
      "cache-control": `public, max-age=${MANIFEST_MAX_AGE_SECONDS}`,
    },
  });
}

/** Whether `If-None-Match` names this ETag (weak or strong, a list, or `*`). */
function holds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const bare = tag.trim().replace(/^W\//, "");
    return bare === "*" || bare === etag;
  });
}

/**
 * The releases as apps read them, outside /api so a CDN can front the prefix alone:
 * - `GET /ota/{distributionId}/{environment}/manifest.json`: the environment's current release,
 *   briefly cacheable, with an ETag (304 when unchanged);
 * - `GET /ota/{distributionId}/files/{hash}.json`: a language's file, forever cacheable (its URL
 *   names its bytes).
 * No key: the distribution id reads only releases. A preflight (an app sending If-None-Match) is
 * answered for any origin.
 */
export function otaRoutes(releases: ReleaseService, downloads: DownloadCounter) {
  return new Hono<AppEnv>()
    .options(`${OTA_PREFIX}/*`, () => {
      return new Response(null, {
        status: 204,
        headers: {
          ...OPEN,
          "access-control-allow-methods": "GET, HEAD",
          "access-control-allow-headers": "if-none-match",
          "access-control-max-age": "86400",
        },
      });
    })
    .get(`${OTA_PREFIX}/:distribution/:environment/manifest.json`, async (c) => {
      const { distribution, environment } = c.req.param();
      if (!DISTRIBUTION_ID_PATTERN.test(distribution) || !ENVIRONMENT_PATTERN.test(environment)) {
        return notFound("No such distribution or environment");
      }
      const manifest = await releases.manifest(distribution, environment);
      if (!manifest) return notFound(`No release is published to ${environment} yet`);
      const headers = {
        ...OPEN,
        "content-type": JSON_TYPE,
        "cache-control": `public, max-age=${MANIFEST_MAX_AGE_SECONDS}`,
        etag: manifest.etag,
      };
      if (holds(c.req.header("if-none-match"), manifest.etag))
        return new Response(null, { status: 304, headers });
      return new Response(manifest.body, { status: 200, headers });
    })
    .get(`${OTA_PREFIX}/:distribution/files/:file`, async (c) => {
      const { distribution, file } = c.req.param();
      const hash = file.endsWith(".json") ? file.slice(0, -".json".length) : "";
      if (!DISTRIBUTION_ID_PATTERN.test(distribution) || !RELEASE_FILE_HASH_PATTERN.test(hash)) {
        return notFound("No such release file");
      }
      const etag = `"${hash}"`;
      const headers = {
        ...OPEN,
        "content-type": JSON_TYPE,
        "cache-control": RELEASE_FILE_CACHE_CONTROL,
        etag,
      };
      // The bytes of a hash never change: a client holding it needs no lookup at all.
      if (holds(c.req.header("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      const found = await releases.file(distribution, hash);
      if (!found) return notFound("No such release file");
      downloads.count(found.projectId, hash);
      // JSON shrinks about tenfold; a CDN in front keeps each encoding apart by Vary.
      if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
        return new Response(found.gzipped as Uint8Array<ArrayBuffer>, {
          status: 200,
          headers: { ...headers, "content-encoding": "gzip", vary: "accept-encoding" },
        });
      }
      return new Response(found.bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { ...headers, vary: "accept-encoding" },
      });
    });
}
