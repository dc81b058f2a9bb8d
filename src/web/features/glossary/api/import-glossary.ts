import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { GlossaryImportResult } from "../../../../shared/schemas/glossary.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { refreshGlossary } from "./glossary-cache.ts";

/** The CSV file, upserted by term in one transaction. */
export function importGlossary(teamId: string, file: File): Promise<GlossaryImportResult> {
  return api.glossary.importCsv({ params: { teamId }, body: { file } });
}

export function importGlossaryMutationOptions(teamId: string) {
  return mutationOptions({
    mutationKey: mutationKeys.glossary.importCsv(teamId),
    mutationFn: (file: File) => importGlossary(teamId, file),
  });
}

export function useImportGlossary(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...importGlossaryMutationOptions(teamId),
    onSuccess: () => refreshGlossary(queryClient, teamId),
  });
}
