import type { QueryClient } from "@tanstack/react-query";
import type { ToneSection } from "../../../../shared/schemas/tone.ts";

export const toneKeys = {
  settings: (teamId: string) => ["teams", teamId, "tone"] as const,
  sections: (teamId: string) => ["teams", teamId, "tone", "sections"] as const,
};

/** Puts a created or changed section into its team's cached list (new ones go last). */
export function storeToneSection(queryClient: QueryClient, section: ToneSection): void {
  queryClient.setQueryData<ToneSection[]>(toneKeys.sections(section.teamId), (old) => {
    if (!old) return old;
    return old.some((s) => s.id === section.id)
      ? old.map((s) => (s.id === section.id ? section : s))
      : [...old, section];
  });
}

export function forgetToneSection(queryClient: QueryClient, teamId: string, sectionId: string): void {
  queryClient.setQueryData<ToneSection[]>(toneKeys.sections(teamId), (old) =>
    old ? old.filter((s) => s.id !== sectionId) : old,
  );
}
