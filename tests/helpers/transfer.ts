import { strFromU8, unzipSync } from "fflate";
import type { ImportResult } from "../../src/shared/schemas/transfer.ts";
import type { ApiClient } from "./api-client.ts";

/** POST /api/projects/:id/import with a file, as the Import dialog sends it. */
export function upload(
  client: ApiClient,
  projectId: string,
  name: string,
  bytes: Uint8Array | string,
  fields: Record<string, string>,
) {
  const form = new FormData();
  form.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return client.upload<ImportResult & { error?: { message: string } }>(
    `/api/projects/${projectId}/import`,
    form,
  );
}

/** The Export dialog's zip, as path → bytes. Throws on an error answer. */
export async function exportFiles(
  client: ApiClient,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Record<string, Uint8Array>> {
  const answer = await client.download("POST", `/api/projects/${projectId}/export`, body);
  if (answer.status !== 200) throw new Error(`export failed: ${answer.status} ${strFromU8(answer.body)}`);
  return unzipSync(answer.body);
}

/** The Export dialog's zip, as path → text. */
export async function exportTexts(
  client: ApiClient,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Record<string, string>> {
  const files = await exportFiles(client, projectId, body);
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, strFromU8(bytes)]));
}
