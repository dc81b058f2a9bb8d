import { useMutation } from "@tanstack/react-query";
import type { InContextToken } from "../../../../shared/schemas/in-context.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys } from "../../../lib/query-keys.ts";

/** A token that lets the app's page at `origin` edit the project's texts as the signed-in person. */
export function createInContextToken(projectId: string, origin: string): Promise<InContextToken> {
  return api.inContext.createToken({ params: { projectId }, body: { origin } });
}

export function useCreateInContextToken(projectId: string) {
  return useMutation({
    mutationKey: mutationKeys.inContext.createToken(projectId),
    mutationFn: (origin: string) => createInContextToken(projectId, origin),
  });
}
