import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FileTemplate } from "../../../../shared/schemas/file-templates.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/**
 * Project Settings → Files: the uploaded files kept as templates of the project's exports
 * (issue 33). Under the project's key prefix, so an import (which refreshes the project) refreshes
 * the list too.
 */
export function filesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectFiles(projectId),
    queryFn: async (): Promise<FileTemplate[]> => (await api.files.list({ params: { projectId } })).files,
    // A teammate's import or a CI push replaces files: read again whenever the section opens.
    staleTime: 0,
  });
}

export function useFiles(projectId: string) {
  return useQuery(filesQueryOptions(projectId));
}

/** The name a kept file is saved under: its name as uploaded, without the folders a push sent. */
export function downloadName(file: Pick<FileTemplate, "path">): string {
  return file.path.split(/[/\\]/).pop() || "download";
}

/** The bytes as they were uploaded. */
export async function downloadOriginal(projectId: string, file: FileTemplate): Promise<Blob> {
  const answer = await api.files.original({ params: { projectId, id: file.id } });
  // The client hands file answers over as the browser's Blob (the contract types them structurally).
  return answer.blob as Blob;
}

/** Removes a kept file: exports in its format are then written from the project's strings again. */
export function useRemoveFile(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.projects.removeFile(projectId),
    mutationFn: (file: FileTemplate) =>
      api.files.remove({ params: { projectId, id: file.id } }).then(() => undefined),
    onSuccess: (_answer, removed) => {
      queryClient.setQueryData<FileTemplate[]>(queryKeys.projectFiles(projectId), (old) =>
        old?.filter((file) => file.id !== removed.id),
      );
    },
  });
}
