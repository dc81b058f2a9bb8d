import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type SavedString,
  type SaveStringBody,
  type StringConflict,
  stringConflictSchema,
} from "../../../../shared/schemas/keys.ts";
import { api } from "../../../lib/api.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";
import { applyCell } from "../key-cache.ts";

export interface SaveStringInput extends SaveStringBody {
  keyId: string;
  language: string;
}

/** 409 with the current cell when someone saved since `baseVersion`. */
export function saveString({ keyId, language, ...body }: SaveStringInput): Promise<SavedString> {
  return api.strings.save({ params: { keyId, lang: language }, body });
}

/** The concurrent-edit answer of a failed save, if that is what it was. */
export function stringConflictOf(error: unknown): StringConflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = stringConflictSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

export function saveStringMutationOptions() {
  return mutationOptions({ mutationKey: mutationKeys.strings.save(), mutationFn: saveString });
}

export function useSaveString(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveStringMutationOptions(),
    onSuccess: (saved) => applyCell(queryClient, projectId, saved.keyId, saved.language, saved.cell),
  });
}
