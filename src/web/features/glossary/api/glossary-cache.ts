import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../lib/query-keys.ts";

/**
 * After any glossary change: the team's lists (every search) and every project's editor glossary
 * (a project belongs to one team, but the cache does not know which: they are few and small).
 */
export function refreshGlossary(queryClient: QueryClient, teamId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.glossary(teamId) }),
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === "projects" && query.queryKey[2] === "glossary",
    }),
  ]).then(() => undefined);
}
