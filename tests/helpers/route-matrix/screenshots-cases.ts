import { contract } from "../../../src/shared/contract/index.ts";
import { call } from "../contract-client.ts";
import { pngBytes } from "../images.ts";
import { byPermission, endpointCase, type Fixture, type RouteCase, unique } from "./matrix.ts";

/** A screenshot of the fixture's key, uploaded by its owner. */
async function freshScreenshot(f: Fixture): Promise<string> {
  const file = new File([new Uint8Array(pngBytes(16, 8))], `${unique("shot")}.png`);
  const answer = await call(f.owner, contract.screenshots.upload, {
    params: { keyId: f.keyId },
    body: { file },
  });
  if (answer.status !== 201) throw new Error(`uploading a screenshot failed: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

/** Rows of the route × role matrix: screenshots of keys (issue 21). */
export const SCREENSHOT_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.screenshots.upload,
    input: (f) => ({
      params: { keyId: f.keyId },
      body: { file: new File([new Uint8Array(pngBytes(16, 8))], "matrix.png") },
    }),
    expected: byPermission("screenshots.manage", 201),
  }),
  endpointCase({
    endpoint: contract.screenshots.listForKey,
    input: (f) => ({ params: { keyId: f.keyId } }),
    expected: byPermission("screenshots.view", 200),
  }),
  endpointCase({
    endpoint: contract.screenshots.listForProject,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("screenshots.view", 200),
  }),
  endpointCase({
    endpoint: contract.screenshots.image,
    input: async (f) => ({ params: { id: await freshScreenshot(f) } }),
    expected: byPermission("screenshots.view", 200),
  }),
  endpointCase({
    endpoint: contract.screenshots.link,
    input: async (f) => ({
      params: { id: await freshScreenshot(f) },
      body: { links: [{ keyId: await f.freshKey(), rect: { x: 0, y: 0, width: 8, height: 4 } }] },
    }),
    expected: byPermission("screenshots.manage", 200),
  }),
  endpointCase({
    endpoint: contract.screenshots.unlink,
    input: async (f) => ({ params: { id: await freshScreenshot(f), keyId: f.keyId } }),
    expected: byPermission("screenshots.manage", 200),
  }),
  endpointCase({
    endpoint: contract.screenshots.remove,
    input: async (f) => ({ params: { id: await freshScreenshot(f) } }),
    expected: byPermission("screenshots.manage", 204),
  }),
];
