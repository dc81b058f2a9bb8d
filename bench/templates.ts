import { contract } from "../src/shared/contract/index.ts";
import { call } from "../tests/helpers/contract-client.ts";
import type { BenchRow } from "./batch-translate.ts";
import { median, ms, samples } from "./measure.ts";
import type { TransferBenchContext } from "./transfer.ts";

/**
 * Issue 33: an export rendered on its uploaded file stays within 1.2 × of the same export without
 * one. Two projects import the same 50,000-key JSON file (4-space indentation, so Sprog's own
 * writing differs from the file's); the first's template is removed, so it exports as before
 * templates. Measured unedited (the file itself is the answer) and after one edit (a merge).
 */
export async function templatedExport(
  context: TransferBenchContext,
  options: { keys: number },
): Promise<BenchRow[]> {
  const { keys } = options;
  const file: Record<string, string> = {};
  for (let i = 0; i < keys; i++)
    file[`screen${i % 17}.label${String(i).padStart(6, "0")}`] = `Hello {name}, string ${i}.`;
  const bytes = new TextEncoder().encode(`${JSON.stringify(file, null, 4)}\n`);
  const imported = async (name: string) => {
    const project = await call(context.client, contract.projects.create, {
      params: { teamId: context.teamId },
      body: { name },
    });
    if (project.status !== 201) throw new Error(`creating a project answered ${project.status}`);
    const answer = await call(context.client, contract.transfer.import, {
      params: { projectId: project.body.id },
      body: { file: new File([bytes], "en.json"), language: "en" },
    });
    if (answer.status !== 200) throw new Error(`import answered ${answer.status}`);
    return project.body.id;
  };
  const exportOnce = (projectId: string) => async () => {
    const answer = await call(context.client, contract.transfer.export, {
      params: { projectId },
      body: { languages: ["en"], format: "json" },
    });
    if (answer.status !== 200) throw new Error(`export answered ${answer.status}`);
  };
  const label = `${keys.toLocaleString("en")}-key JSON export`;
  const budget = "≤ 1.2 × without a template";
  try {
    const plain = await imported("Export without template");
    await context.db.deleteFrom("file_templates").where("project_id", "=", plain).execute();
    const templated = await imported("Export on its template");
    await exportOnce(plain)();
    await exportOnce(templated)();
    const reference = median(await samples(5, exportOnce(plain)));
    const unedited = median(await samples(5, exportOnce(templated)));
    const key = await context.db
      .selectFrom("translation_keys")
      .select("id")
      .where("project_id", "=", templated)
      .orderBy("position")
      .limit(1)
      .offset(Math.floor(keys / 2))
      .executeTakeFirstOrThrow();
    const saved = await call(context.client, contract.strings.save, {
      params: { keyId: key.id, lang: "en" },
      body: { value: "Edited in Sprog", force: true },
    });
    if (saved.status !== 200) throw new Error(`saving a string answered ${saved.status}`);
    const edited = median(await samples(5, exportOnce(templated)));
    return [
      {
        scenario: `${label} on its uploaded file, unedited`,
        result: `${ms(unedited)} = ${(unedited / reference).toFixed(2)} × without (${ms(reference)})`,
        budget,
        ok: unedited <= 1.2 * reference,
      },
      {
        scenario: `${label} on its uploaded file, one string edited`,
        result: `${ms(edited)} = ${(edited / reference).toFixed(2)} × without (${ms(reference)})`,
        budget,
        ok: edited <= 1.2 * reference,
      },
    ];
  } catch (error) {
    return [
      {
        scenario: `${label} on its uploaded file`,
        result: `failed: ${(error as Error).message}`,
        budget,
        ok: false,
      },
    ];
  }
}
