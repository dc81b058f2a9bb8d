import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail, routeOf } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";

/**
 * Issue 32: an id of another team's row must answer exactly as an id of nothing, or the answer
 * tells an outsider which ids exist (a batch of another team answered "Project not found", a
 * random id "Batch translation not found").
 */
const api = apiAppForThisFile();

describe("ids of other teams' rows", () => {
  it("answer a batch translation's routes exactly as a random id does", async () => {
    const outsider = await ownerWithProject(api());
    const victim = await ownerWithProject(api());
    const job = await api()
      .db.insertInto("batch_translation_jobs")
      .values({
        project_id: victim.projectId,
        source_language: "en",
        target_language: "de",
        total_items: 1,
        chunk_count: 1,
        model: "gpt-4o-mini",
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    for (const endpoint of [contract.batch.get, contract.batch.cancel]) {
      const route = routeOf(endpoint);
      const theirs = await fail(outsider.owner, endpoint, { params: { batchId: job.id } });
      const nothing = await fail(outsider.owner, endpoint, { params: { batchId: crypto.randomUUID() } });
      expect(nothing, `${route} of nothing`).toMatchObject({
        status: 404,
        body: { error: { code: "not_found", message: "Batch translation not found" } },
      });
      // Status, body and headers but the Date, which differs whenever the two fall in different seconds.
      const seen = (answer: typeof theirs) => ({
        status: answer.status,
        body: answer.body,
        headers: [...answer.headers].filter(([name]) => name !== "date"),
      });
      expect(seen(theirs), `${route} of another team's batch`).toEqual(seen(nothing));
    }
    // The owner's own view is unchanged.
    const own = await call(victim.owner, contract.batch.get, { params: { batchId: job.id } });
    expect(own.status).toBe(200);
  });
});
