import { contract } from "../../../src/shared/contract/index.ts";
import { v1Contract } from "../../../src/shared/contract/v1.ts";
import { call } from "../contract-client.ts";
import { pngBytes } from "../images.ts";
import { keyOnly } from "./agent-cases.ts";
import { byPermission, endpointCase, everyone, type Fixture, type RouteCase } from "./matrix.ts";

/** A release of the fixture's project (German only: the smallest), published by its owner. */
async function freshRelease(f: Fixture): Promise<string> {
  const answer = await call(f.owner, contract.releases.publish, {
    params: { projectId: f.projectId },
    body: { languages: ["de"], environment: "matrix" },
  });
  if (answer.status !== 201) throw new Error(`publishing a release failed: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

/** A distribution id no project has: the files and manifests of nothing. */
const NO_DISTRIBUTION = "0".repeat(32);

/**
 * Rows of the route × role matrix: over-the-air releases and in-context editing (issue 37). The
 * app page's in-context routes and /api/v1/releases are authorized by a token or key that no
 * session carries (401 for everyone); /ota is public (no release there: 404 for everyone).
 */
export const RELEASE_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.releases.list,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("releases.view", 200),
  }),
  endpointCase({
    endpoint: contract.releases.publish,
    input: (f) => ({
      params: { projectId: f.projectId },
      body: { languages: ["de"], environment: "matrix" },
    }),
    expected: byPermission("releases.publish", 201),
  }),
  endpointCase({
    endpoint: contract.releases.activate,
    input: async (f) => ({ params: { id: await freshRelease(f) }, body: { environment: "staging" } }),
    expected: byPermission("releases.publish", 200),
  }),
  endpointCase({
    endpoint: contract.releases.settings,
    input: (f) => ({ params: { projectId: f.projectId }, body: { releaseOnReview: null } }),
    expected: byPermission("releases.publish", 200),
  }),
  endpointCase({
    endpoint: contract.inContext.createToken,
    input: (f) => ({ params: { projectId: f.projectId }, body: { origin: "http://localhost:5173" } }),
    // Any member may let an app page act as them: what it may do is their role's.
    expected: { anonymous: 401, outsider: 404, reviewer: 201, admin: 201, owner: 201 },
  }),
  endpointCase({
    endpoint: contract.inContext.keys,
    input: () => ({ query: { names: "home.title", language: "de" } }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: contract.inContext.save,
    input: (f) => ({ params: { keyId: f.keyId, lang: "de" }, body: { text: "Matrix" } }),
    expected: everyone(401),
  }),
  endpointCase({
    endpoint: contract.inContext.screenshot,
    input: (f) => ({
      params: { keyId: f.keyId },
      body: {
        file: new File([new Uint8Array(pngBytes(16, 8))], "matrix.png"),
        x: 0,
        y: 0,
        width: 8,
        height: 4,
      },
    }),
    expected: everyone(401),
  }),
  keyOnly(v1Contract.release),
  {
    route: "GET /ota/:distribution/:environment/manifest.json",
    path: () => `/ota/${NO_DISTRIBUTION}/production/manifest.json`,
    expected: everyone(404),
  },
  {
    route: "GET /ota/:distribution/files/:file",
    path: () => `/ota/${NO_DISTRIBUTION}/files/${"a".repeat(32)}.json`,
    expected: everyone(404),
  },
  {
    route: "OPTIONS /ota/*",
    path: () => `/ota/${NO_DISTRIBUTION}/production/manifest.json`,
    expected: everyone(204),
  },
];
