import { CompiledQuery, type RootOperationNode, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { readsOnly } from "./query-scope.ts";

describe("readsOnly", () => {
  it("tells reads from writes in raw SQL", () => {
    expect(readsOnly(CompiledQuery.raw("select 1").query)).toBe(true);
    expect(readsOnly(CompiledQuery.raw("with x as (select 1) select * from x").query)).toBe(true);
    expect(readsOnly(CompiledQuery.raw("with x as (delete from t returning *) select * from x").query)).toBe(
      false,
    );
    expect(readsOnly(CompiledQuery.raw("insert into t values (1)").query)).toBe(false);
    expect(sql`select 1`.toOperationNode().kind).toBe("RawNode");
  });

  it("takes pg-boss's Kysely adapter's node, which carries no SQL, as a write instead of failing", () => {
    // What pg-boss 12's fromKysely hands to executeQuery (its SQL travels beside the node).
    const node = { kind: "RawNode" } as unknown as RootOperationNode;
    expect(readsOnly(node)).toBe(false);
  });
});
