import { contract } from "../../../src/shared/contract/index.ts";
import { call } from "../contract-client.ts";
import { byPermission, endpointCase, type Fixture, type RouteCase, unique } from "./matrix.ts";

/** A German JSON file imported into the fixture's project by its owner: the id it is kept under. */
async function freshFile(f: Fixture): Promise<string> {
  const file = new File([JSON.stringify({ [unique("kept.")]: "Behalten" })], "de.json");
  const imported = await call(f.owner, contract.transfer.import, {
    params: { projectId: f.projectId },
    body: { file, language: "de" },
  });
  if (imported.status !== 200) throw new Error(`importing a file failed: ${JSON.stringify(imported.body)}`);
  const listed = await call(f.owner, contract.files.list, { params: { projectId: f.projectId } });
  const kept = listed.body.files.find(
    (candidate) => candidate.format === "json" && candidate.language === "de",
  );
  if (!kept) throw new Error(`the imported file is not kept: ${JSON.stringify(listed.body)}`);
  return kept.id;
}

/** Rows of the route × role matrix: the files kept as templates of exports (issue 33). */
export const FILE_TEMPLATE_CASES: RouteCase[] = [
  // Seen and changed by whoever may export (spec point 6: Export is one of canManageKeys' actions).
  endpointCase({
    endpoint: contract.files.list,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("keys.manage", 200),
  }),
  endpointCase({
    endpoint: contract.files.original,
    input: async (f) => ({ params: { projectId: f.projectId, id: await freshFile(f) } }),
    expected: byPermission("keys.manage", 200),
  }),
  endpointCase({
    endpoint: contract.files.remove,
    input: async (f) => ({ params: { projectId: f.projectId, id: await freshFile(f) } }),
    expected: byPermission("keys.manage", 204),
  }),
];
