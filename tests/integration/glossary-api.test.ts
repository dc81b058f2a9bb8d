import { describe, expect, it } from "vitest";
import { loadGlossaryEntries } from "../../src/server/glossary/queries.ts";
import { createGlossaryService } from "../../src/server/glossary/service.ts";
import { createAccess } from "../../src/server/teams/access.ts";
import { contract } from "../../src/shared/contract/index.ts";
import type { GlossaryTerm } from "../../src/shared/schemas/glossary.ts";
import { createGlossaryTermBodySchema } from "../../src/shared/schemas/glossary.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call, fail } from "../helpers/contract-client.ts";
import { buildUser, memberOf, ownerWithProject, signInAs } from "../helpers/factories.ts";

const api = apiAppForThisFile();

async function teamWithReviewer() {
  const { owner, teamId, projectId, email } = await ownerWithProject(api(), []);
  const { client: reviewer } = await memberOf(api(), teamId, "reviewer");
  return { owner, email, reviewer, teamId, projectId };
}

/** The import as the web sends it: the file as multipart form data. */
function csvImport(teamId: string, text: string) {
  return { params: { teamId }, body: { file: new File([text], "glossary.csv", { type: "text/csv" }) } };
}

async function list(client: ApiClient, teamId: string, q?: string) {
  const answer = await call(client, contract.glossary.list, { params: { teamId }, query: q ? { q } : {} });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe("glossary terms", () => {
  it("creates, lists by name, updates and deletes, with messages people understand", async () => {
    const { owner, teamId } = await teamWithReviewer();
    const created = await call(owner, contract.glossary.create, {
      params: { teamId },
      body: {
        term: "  Sign in ",
        description: " The button that opens a session ",
        partOfSpeech: "verb",
        translations: { de: " Anmelden ", fr: "" },
      },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        term: "Sign in",
        description: "The button that opens a session",
        partOfSpeech: "verb",
        caseSensitive: false,
        forbidden: false,
        doNotTranslate: false,
        translations: { de: "Anmelden" },
        teamId,
      },
    });
    await call(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "Acme", doNotTranslate: true, partOfSpeech: "proper noun" },
    });

    const duplicate = await fail(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "SIGN IN" },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.message).toBe("A term with this name already exists");
    const empty = await fail(owner, contract.glossary.create, { params: { teamId }, body: { term: "   " } });
    expect(empty).toMatchObject({ status: 400, body: { error: { message: "Term is required" } } });
    const both = await fail(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "Bad", forbidden: true, doNotTranslate: true },
    });
    expect(both.status).toBe(400);

    expect((await list(owner, teamId)).terms.map((t) => t.term)).toEqual(["Acme", "Sign in"]);

    const id = created.body.id;
    const updated = await call(owner, contract.glossary.update, {
      params: { teamId, id },
      body: { translations: { fr: "Se connecter" }, caseSensitive: true },
    });
    expect(updated.body).toMatchObject({
      term: "Sign in",
      caseSensitive: true,
      translations: { fr: "Se connecter" },
    });
    const renamedOntoOther = await fail(owner, contract.glossary.update, {
      params: { teamId, id },
      body: { term: "acme" },
    });
    expect(renamedOntoOther.status).toBe(409);
    const flagClash = await fail(owner, contract.glossary.update, {
      params: { teamId, id: (await list(owner, teamId, "Acme")).terms[0]?.id ?? "" },
      body: { forbidden: true },
    });
    expect(flagClash.status).toBe(400);

    expect((await call(owner, contract.glossary.remove, { params: { teamId, id } })).status).toBe(204);
    expect((await fail(owner, contract.glossary.remove, { params: { teamId, id } })).status).toBe(404);
    expect((await list(owner, teamId)).terms.map((t) => t.term)).toEqual(["Acme"]);
  });

  it("searches terms, translations and descriptions, and pages", async () => {
    const { owner, teamId } = await teamWithReviewer();
    for (const body of [
      { term: "Dashboard", translations: { de: "Übersicht" } },
      { term: "Invoice", description: "A bill sent to a customer" },
      { term: "Workspace" },
      { term: "100%_sure" },
    ]) {
      expect((await call(owner, contract.glossary.create, { params: { teamId }, body })).status).toBe(201);
    }
    expect((await list(owner, teamId, "übersicht")).terms.map((t) => t.term)).toEqual(["Dashboard"]);
    expect((await list(owner, teamId, "customer")).terms.map((t) => t.term)).toEqual(["Invoice"]);
    expect((await list(owner, teamId, "SPACE")).terms.map((t) => t.term)).toEqual(["Workspace"]);
    // % and _ are letters here, not wildcards.
    expect((await list(owner, teamId, "%_")).terms.map((t) => t.term)).toEqual(["100%_sure"]);
    expect((await list(owner, teamId, "de")).terms).toEqual([]);

    const page = await call(owner, contract.glossary.list, {
      params: { teamId },
      query: { limit: 2, offset: 1 },
    });
    expect(page.body.total).toBe(4);
    expect(page.body.terms.map((t) => t.term)).toEqual(["Dashboard", "Invoice"]);
  });

  it("lets reviewers read the glossary but not change it; outsiders do not see it", async () => {
    const { owner, reviewer, teamId, projectId } = await teamWithReviewer();
    const term = await call(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "Sprog", doNotTranslate: true },
    });
    expect((await list(reviewer, teamId)).terms.map((t) => t.term)).toEqual(["Sprog"]);
    const entries = await call(reviewer, contract.glossary.projectEntries, { params: { projectId } });
    expect(entries.body.entries).toEqual([
      {
        id: term.body.id,
        term: "Sprog",
        description: "",
        caseSensitive: false,
        forbidden: false,
        doNotTranslate: true,
        translations: {},
      },
    ]);
    expect(
      (await fail(reviewer, contract.glossary.create, { params: { teamId }, body: { term: "X" } })).status,
    ).toBe(403);
    expect(
      (await fail(reviewer, contract.glossary.remove, { params: { teamId, id: term.body.id } })).status,
    ).toBe(403);
    const outsider = await signInAs(await buildUser(api().app));
    expect((await fail(outsider, contract.glossary.list, { params: { teamId }, query: {} })).status).toBe(
      404,
    );
    // A term of another team is not found through this one.
    const other = await ownerWithProject(api(), []);
    expect(
      (
        await fail(other.owner, contract.glossary.update, {
          params: { teamId: other.teamId, id: term.body.id },
          body: { term: "Mine" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("glossary CSV", () => {
  it("imports (upsert by term, translations merged), exports with formulas escaped, and reads its export back", async () => {
    const { owner, teamId } = await teamWithReviewer();
    await call(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "Sign in", translations: { de: "Einloggen", fr: "Se connecter" } },
    });
    const imported = await call(
      owner,
      contract.glossary.importCsv,
      csvImport(
        teamId,
        "term,description,part_of_speech,case_sensitive,forbidden,do_not_translate,de\r\n" +
          "sign in,Opens a session,verb,false,false,false,Anmelden\r\n" +
          "=1+1,A formula,,false,false,false,\r\n" +
          "Click,,verb,false,true,false,Klicken\r\n",
      ),
    );
    expect(imported).toMatchObject({ status: 200, body: { created: 2, updated: 1 } });
    const terms = (await list(owner, teamId)).terms;
    expect(terms.map((t) => [t.term, t.translations])).toEqual([
      ["=1+1", {}],
      ["Click", { de: "Klicken" }],
      ["sign in", { de: "Anmelden", fr: "Se connecter" }],
    ]);
    expect(terms.find((t) => t.term === "Click")?.forbidden).toBe(true);

    const exported = await call(owner, contract.glossary.exportCsv, { params: { teamId } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    expect(exported.headers.get("content-disposition")).toContain("glossary.csv");
    // UTF-8 decoding drops a leading byte order mark, as reading the answer as text did.
    const exportedText = new TextDecoder().decode(exported.body);
    const text = exportedText.replace(/^\uFEFF/, "");
    expect(text.split("\r\n")[0]).toBe(
      "term,description,part_of_speech,case_sensitive,forbidden,do_not_translate,de,fr",
    );
    expect(text).toContain("'=1+1,A formula,,false,false,false,,");

    // Its own export, imported into another team, gives the same glossary.
    const other = await ownerWithProject(api(), []);
    const again = await call(other.owner, contract.glossary.importCsv, csvImport(other.teamId, exportedText));
    expect(again.body).toEqual({ created: 3, updated: 0 });
    const strip = (t: GlossaryTerm) => ({ ...t, id: "", teamId: "", createdAt: "", updatedAt: "" });
    expect((await list(other.owner, other.teamId)).terms.map(strip)).toEqual(terms.map(strip));
  });

  it("refuses a bad file naming its line, and writes nothing of it", async () => {
    const { owner, teamId } = await teamWithReviewer();
    await call(owner, contract.glossary.create, {
      params: { teamId },
      body: { term: "Keep", translations: { de: "Behalten" } },
    });
    const bad = await fail(
      owner,
      contract.glossary.importCsv,
      csvImport(teamId, "term,forbidden,de\nKeep,false,Anders\nNew,false,Neu\nBroken,perhaps,Kaputt\n"),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Line 4: “perhaps” in forbidden is not true or false");
    const badHeader = await fail(owner, contract.glossary.importCsv, csvImport(teamId, "name,de\nX,Y\n"));
    expect(badHeader.body.error.message).toMatch(/^Line 1: /);
    const terms = (await list(owner, teamId)).terms;
    expect(terms.map((t) => [t.term, t.translations])).toEqual([["Keep", { de: "Behalten" }]]);
  });
});

describe("glossary service", () => {
  it("calls onChanged inside the transaction of every write, and a failure there undoes the write", async () => {
    const { email, teamId } = await teamWithReviewer();
    const db = api().db;
    const userId = (
      await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()
    ).id;
    const calls: { teamId: string; terms: number }[] = [];
    const glossary = createGlossaryService({
      db,
      access: createAccess(db),
      onChanged: async (trx, changedTeam) => {
        // Inside the transaction: the write is visible through `trx`.
        const count = await trx
          .selectFrom("glossary_terms")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("team_id", "=", changedTeam)
          .executeTakeFirstOrThrow();
        calls.push({ teamId: changedTeam, terms: Number(count.n) });
      },
    });
    // The service takes bodies as the route hands them over: validated (and defaulted) at the edge.
    const term = await glossary.create(userId, teamId, createGlossaryTermBodySchema.parse({ term: "Cart" }));
    await glossary.update(userId, teamId, term.id, { description: "Where items wait" });
    await glossary.importCsv(userId, teamId, new TextEncoder().encode("term\nBasket\n"));
    await glossary.remove(userId, teamId, term.id);
    expect(calls).toEqual([
      { teamId, terms: 1 },
      { teamId, terms: 1 },
      { teamId, terms: 2 },
      { teamId, terms: 1 },
    ]);

    const failing = createGlossaryService({
      db,
      access: createAccess(db),
      onChanged: async () => {
        throw new Error("recheck failed");
      },
    });
    await expect(
      failing.create(userId, teamId, createGlossaryTermBodySchema.parse({ term: "Lost" })),
    ).rejects.toThrow("recheck failed");
    expect((await loadGlossaryEntries(db, teamId)).map((entry) => entry.term)).toEqual(["Basket"]);
  });
});
