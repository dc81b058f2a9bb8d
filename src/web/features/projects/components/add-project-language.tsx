import { useState } from "react";
import { toast } from "sonner";
import { languageName } from "../../../../shared/languages.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { useSetProjectLanguages } from "../api/set-languages.ts";
import { addLanguage } from "../language-order.ts";
import { AddLanguageDialog } from "./add-language-dialog.tsx";

export interface AddProjectLanguageProps {
  project: Pick<Project, "id" | "languages">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told the code once the server has it (the Overview opens its tab). */
  onAdded?: (code: string) => void;
}

/**
 * Adding a language to a project: the Add Language dialog and the save behind it. One flow for
 * every place that offers it (Project Settings → Languages, the Overview's tabs and its empty
 * project; issue 34), so each says the same and saves the same way.
 */
export function AddProjectLanguage({ project, open, onOpenChange, onAdded }: AddProjectLanguageProps) {
  const setLanguages = useSetProjectLanguages(project.id);
  const [addingCode, setAddingCode] = useState<string | null>(null);

  const add = (code: string) => {
    setAddingCode(code);
    setLanguages.mutate(addLanguage(project.languages, code), {
      onSuccess: () => {
        toast.success(`${languageName(code)} added`);
        onOpenChange(false);
        onAdded?.(code);
      },
      onError: () => toast.error("Failed to add language"),
      onSettled: () => setAddingCode(null),
    });
  };

  return (
    <AddLanguageDialog
      open={open}
      onOpenChange={onOpenChange}
      existing={project.languages}
      adding={addingCode}
      onAdd={add}
    />
  );
}
