import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GlossaryEntry } from "../../../../shared/glossary/match.ts";
import type { GlossaryEntryList } from "../../../../shared/schemas/glossary.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** A glossary entry with the description the editor's tooltip shows. */
export type GlossaryEntryWithDescription = GlossaryEntryList["entries"][number];

/** The glossary of the project's team (the server resolves it). */
export async function listProjectGlossary(projectId: string): Promise<GlossaryEntryWithDescription[]> {
  return (await api.glossary.projectEntries({ params: { projectId } })).entries;
}

export function projectGlossaryQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.projectGlossary(projectId),
    queryFn: () => listProjectGlossary(projectId),
    // Terms change rarely and every cell of the table reads them: one fetch a minute at most.
    staleTime: 60_000,
  });
}

const NONE: readonly GlossaryEntry[] = [];

/** The terms the editor underlines in a project's source texts; none while loading or on failure. */
export function useGlossaryEntries(projectId: string): readonly GlossaryEntryWithDescription[] {
  const query = useQuery({ ...projectGlossaryQueryOptions(projectId), enabled: projectId !== "" });
  return (query.data ?? NONE) as readonly GlossaryEntryWithDescription[];
}
