import { useCallback, useState } from "react";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../../lib/storage-keys.ts";

/** The default column: the first language that is not the source, else the source. */
export function defaultLanguage(project: Pick<Project, "languages" | "sourceLanguage">): string {
  return project.languages.find((code) => code !== project.sourceLanguage) ?? project.sourceLanguage;
}

/** The selected language column of a project, remembered per user and project (spec point 3). */
export function useSelectedLanguage(userId: string, project: Project): [string, (code: string) => void] {
  const storageKey = STORAGE_KEYS.selectedLanguage(userId, project.id);
  const [stored, setStored] = useState<{ key: string; value: string | null }>(() => ({
    key: storageKey,
    value: readStorage(storageKey),
  }));
  const current = stored.key === storageKey ? stored.value : readStorage(storageKey);
  const selected = current && project.languages.includes(current) ? current : defaultLanguage(project);
  const select = useCallback(
    (code: string) => {
      writeStorage(storageKey, code);
      setStored({ key: storageKey, value: code });
    },
    [storageKey],
  );
  return [selected, select];
}
