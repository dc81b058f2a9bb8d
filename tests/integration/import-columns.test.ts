// Issue 33, point 5: a CSV or Excel table whose key column has a name Sprog does not guess, imported
// with the column mapping the import dialog sends (the multipart field `columns`, JSON).
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { ownerWithProject } from "../helpers/factories.ts";
import { exportTexts, upload } from "../helpers/transfer.ts";

const api = apiAppForThisFile();

const TABLE =
  "string_id,English,Deutsch,notes\r\n" +
  "checkout.title,Checkout,Kasse,Screen title\r\n" +
  "greeting,Hello {name}!,Hallo {name}!,\r\n" +
  "cart.empty,Your cart is empty,,Shown without items\r\n";

/** What the editor shows: each key with its description and strings. */
async function keysOf(owner: ApiClient, projectId: string) {
  const answer = await call(owner, contract.keys.list, {
    params: { projectId },
    query: { languages: "en,de" },
  });
  expect(answer.status).toBe(200);
  return Object.fromEntries(
    answer.body.keys.map((row) => [
      row.key,
      {
        description: row.description,
        strings: Object.fromEntries(Object.entries(row.strings).map(([code, cell]) => [code, cell.value])),
      },
    ]),
  );
}

async function counts(projectId: string) {
  const db = api().db;
  const [keys, strings, project] = await Promise.all([
    db.selectFrom("translation_keys").select("id").where("project_id", "=", projectId).execute(),
    db.selectFrom("translation_strings").select("id").where("project_id", "=", projectId).execute(),
    db.selectFrom("projects").select("languages").where("id", "=", projectId).executeTakeFirstOrThrow(),
  ]);
  return { keys: keys.length, strings: strings.length, languages: project.languages };
}

describe("import with a column mapping", () => {
  it("reads the key, language and description columns chosen, and exports the same header", async () => {
    const { owner, projectId } = await ownerWithProject(api(), []);
    const answer = await upload(owner, projectId, "strings.csv", TABLE, {
      language: "en",
      columns: JSON.stringify({ key: "string_id", languages: { "1": "en", "2": "de" }, description: 3 }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      keysAdded: 3,
      translationsAdded: 5,
      languagesAdded: 1,
      errors: 0,
      warnings: [],
    });
    expect(await keysOf(owner, projectId)).toEqual({
      "cart.empty": { description: "Shown without items", strings: { en: "Your cart is empty" } },
      "checkout.title": { description: "Screen title", strings: { en: "Checkout", de: "Kasse" } },
      greeting: { description: undefined, strings: { en: "Hello {name}!", de: "Hallo {name}!" } },
    });
    expect((await counts(projectId)).languages).toEqual(["en", "de"]);

    // The export writes the table with the names it was imported with, in the file's order.
    // (The text is decoded without its BOM.)
    const files = await exportTexts(owner, projectId, { languages: ["en", "de"], format: "csv" });
    expect(files["translations.csv"]).toBe(TABLE);
  });

  it("guesses widened key names without a mapping, and says which columns it found when it cannot", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    const guessed = await upload(owner, projectId, "strings.csv", "Identifier,English,Deutsch\na,A,Ä\n", {
      language: "en",
    });
    expect(guessed.status).toBe(200);
    expect(guessed.body).toMatchObject({ keysAdded: 1, translationsAdded: 2, errors: 0 });

    const before = await counts(projectId);
    const unknown = await upload(owner, projectId, "strings.csv", "Ref,English,Deutsch\nb,B,Bä\n", {
      language: "en",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(
      "Error processing file: This CSV file has no “key” column. Its columns are “Ref”, “English” and “Deutsch”: choose the one that holds the keys under “Columns” in the import dialog, or name it “key”.",
    );
    expect(await counts(projectId)).toEqual(before);
  });

  it("refuses a bad mapping with a 400 that says why, and changes nothing", async () => {
    const { owner, projectId } = await ownerWithProject(api(), ["de"]);
    await upload(owner, projectId, "de.json", JSON.stringify({ kept: "Bleibt" }), { language: "de" });
    const before = await counts(projectId);
    const refusals: [unknown, string][] = [
      [
        { key: 4, languages: { "1": "en" } },
        "Error processing file: The column mapping names column index 4, but this CSV file has 4 columns (index 0 to 3): “string_id”, “English”, “Deutsch” and “notes”.",
      ],
      [
        { key: "string_id", languages: { string_id: "en", "2": "de" } },
        "Error processing file: The column mapping chooses column “string_id” (index 0) twice: as the key and as English (en).",
      ],
      [
        { key: 0, languages: { "1": "en", "2": "xx" } },
        "Column mapping: “xx” is not a language code Sprog knows",
      ],
      [
        { key: 0, languages: { "1": "de", Deutsch: "DE" } },
        "Column mapping: two columns are German (de): index 1 and “Deutsch”",
      ],
      [{ languages: { "1": "en" } }, "Column mapping: choose the key column"],
      [{ key: 0, languages: {} }, "Column mapping: choose the language of at least one column"],
      [
        { key: 0, keys: [1], languages: { "1": "en" } },
        "Column mapping: unknown field “keys” (the fields are key, languages, description, context, maxLength and tags)",
      ],
      ["{key: 0}", "Column mapping: the columns field is not valid JSON"],
    ];
    for (const [columns, message] of refusals) {
      const answer = await upload(owner, projectId, "strings.csv", TABLE, {
        language: "en",
        columns: typeof columns === "string" ? columns : JSON.stringify(columns),
      });
      expect({ status: answer.status, message: answer.body.error?.message }).toEqual({
        status: 400,
        message,
      });
    }
    expect(await counts(projectId)).toEqual(before);
  });

  it("reads an Excel table with a mapping as well", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Strings");
    sheet.addRow(["msg", "Source", "Target"]);
    sheet.addRow(["app.save", "Save", "Enregistrer"]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const { owner, projectId } = await ownerWithProject(api(), []);
    const answer = await upload(owner, projectId, "strings.xlsx", bytes, {
      language: "fr",
      columns: JSON.stringify({ key: 0, languages: { Source: "en", Target: "fr" } }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ keysAdded: 1, translationsAdded: 2, languagesAdded: 1, errors: 0 });
    const keys = await call(owner, contract.keys.list, {
      params: { projectId },
      query: { languages: "en,fr" },
    });
    expect(keys.body.keys.map((row) => [row.key, row.strings.en?.value, row.strings.fr?.value])).toEqual([
      ["app.save", "Save", "Enregistrer"],
    ]);
  });
});
