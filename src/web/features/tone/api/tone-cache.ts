import type { QueryClient } from "@tanstack/react-query";
import type { ToneSection } from "../../../../shared/schemas/tone.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** Puts a created or changed section into its team's cached list (new ones go last). */
export function storeToneSection(queryClient: QueryClient, section: ToneSection): void {
  queryClient.setQueryData<ToneSection[]>(queryKeys.toneSections(section.teamId), (old) => {
    if (!old) return old;
    return old.some((s) => s.id === section.id)
      ? old.map((s) => (s.id === section.id ? section : s))
      : [...old, section];
  });
}

export function forgetToneSection(queryClient: QueryClient, teamId: string, sectionId: string): void {
  queryClient.setQueryData<ToneSection[]>(queryKeys.toneSections(teamId), (old) =>
    old ? old.filter((s) => s.id !== sectionId) : old,
  );
}
