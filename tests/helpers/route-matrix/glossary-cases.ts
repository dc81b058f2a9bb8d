import { contract } from "../../../src/shared/contract/index.ts";
import { call } from "../contract-client.ts";
import { byPermission, endpointCase, type Fixture, type RouteCase, unique } from "./matrix.ts";

/** A new term of the fixture team, made by its owner, as the params of one term. */
async function freshTerm(f: Fixture) {
  const created = await call(f.owner, contract.glossary.create, {
    params: { teamId: f.teamId },
    body: { term: unique("Term ") },
  });
  if (created.status !== 201) throw new Error(`making a term failed: ${JSON.stringify(created.body)}`);
  return { teamId: f.teamId, id: created.body.id };
}

/** Rows of the route × role matrix: the team's glossary (issue 21). */
export const GLOSSARY_CASES: RouteCase[] = [
  endpointCase({
    endpoint: contract.glossary.list,
    input: (f) => ({ params: { teamId: f.teamId }, query: { q: "term" } }),
    expected: byPermission("glossary.view", 200),
  }),
  endpointCase({
    endpoint: contract.glossary.create,
    input: (f) => ({
      params: { teamId: f.teamId },
      body: { term: unique("Term "), translations: { de: "Begriff" } },
    }),
    expected: byPermission("glossary.manage", 201),
  }),
  endpointCase({
    endpoint: contract.glossary.update,
    input: async (f) => ({ params: await freshTerm(f), body: { description: unique("Meaning ") } }),
    expected: byPermission("glossary.manage", 200),
  }),
  endpointCase({
    endpoint: contract.glossary.remove,
    input: async (f) => ({ params: await freshTerm(f) }),
    expected: byPermission("glossary.manage", 204),
  }),
  endpointCase({
    endpoint: contract.glossary.importCsv,
    input: (f) => ({
      params: { teamId: f.teamId },
      body: { file: new File([`term,de\n${unique("Imported ")},Importiert\n`], "glossary.csv") },
    }),
    expected: byPermission("glossary.manage", 200),
  }),
  endpointCase({
    endpoint: contract.glossary.exportCsv,
    input: (f) => ({ params: { teamId: f.teamId } }),
    expected: byPermission("glossary.view", 200),
  }),
  endpointCase({
    endpoint: contract.glossary.projectEntries,
    input: (f) => ({ params: { projectId: f.projectId } }),
    expected: byPermission("glossary.view", 200),
  }),
];
