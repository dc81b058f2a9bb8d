import { useCallback, useState } from "react";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../../lib/storage-keys.ts";

/** The codes a stored list holds, if it is one; anything else is no list. */
function parseCodes(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((code): code is string => typeof code === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The extra language columns of the Overview (issue 19): target languages shown beside the selected
 * one, remembered per user and project, in the project's language order. Languages no longer in the
 * project are dropped when read.
 */
export function useExtraColumns(
  userId: string,
  project: Pick<Project, "id" | "languages" | "sourceLanguage">,
): [string[], (codes: string[]) => void] {
  const storageKey = STORAGE_KEYS.extraColumns(userId, project.id);
  const [stored, setStored] = useState(() => ({
    key: storageKey,
    codes: parseCodes(readStorage(storageKey)),
  }));
  const codes = stored.key === storageKey ? stored.codes : parseCodes(readStorage(storageKey));
  const extra = project.languages.filter((code) => code !== project.sourceLanguage && codes.includes(code));
  const set = useCallback(
    (next: string[]) => {
      writeStorage(storageKey, next.length === 0 ? null : JSON.stringify(next));
      setStored({ key: storageKey, codes: next });
    },
    [storageKey],
  );
  return [extra, set];
}
