import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Eraser, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { languageName } from "../../../../shared/languages.ts";
import type { PermissionFlags } from "../../../../shared/permissions.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { failureText } from "../../../lib/failure-text.ts";
import { useDeleteLanguageStrings } from "../api/delete-language-strings.ts";
import { projectsQueryOptions } from "../api/list-projects.ts";
import { useSetProjectLanguages } from "../api/set-languages.ts";
import { canRemoveLanguage, moveLanguage, removeLanguage } from "../language-order.ts";
import { AddProjectLanguage } from "./add-project-language.tsx";

export function SettingsLanguages({ project: given, flags }: { project: Project; flags: PermissionFlags }) {
  // The list is reloaded on opening, so reordering or deleting starts from what others may have changed.
  const loaded = useQuery({ ...projectsQueryOptions(given.teamId), refetchOnMount: "always" });
  const project = loaded.data?.find((p) => p.id === given.id) ?? given;
  const setLanguages = useSetProjectLanguages(project.id);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [clearing, setClearing] = useState<string | null>(null);
  const clearStrings = useDeleteLanguageStrings(project.id);
  const editable = flags.canEditLanguages;
  const { languages, sourceLanguage } = project;

  const remove = (code: string) => {
    setLanguages.mutate(removeLanguage(languages, code), {
      onSuccess: () => {
        toast.success(`${languageName(code)} deleted`);
        setDeleting(null);
      },
      onError: () => toast.error("Failed to delete language"),
    });
  };

  const clear = (code: string) => {
    clearStrings.mutate(
      { projectId: project.id, language: code },
      {
        onSuccess: ({ deleted }) => {
          if (deleted === 0) toast.info(`No translations found for ${languageName(code)}`);
          else toast.success("All translations deleted successfully");
          setClearing(null);
        },
        onError: (error) => {
          // The server answered (it refused or failed this language) versus the request going nowhere.
          toast.error(
            isApiError(error) && error.status > 0
              ? failureText(error, `Failed to delete ${languageName(code)} translations`)
              : "Failed to delete all translations",
          );
          setClearing(null);
        },
      },
    );
  };

  const move = (code: string, direction: -1 | 1) => {
    setLanguages.mutate(moveLanguage(languages, code, direction), {
      onError: () => toast.error("Failed to update project"),
    });
  };

  return (
    <section className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Languages</h3>
        {editable ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add Language
          </Button>
        ) : null}
      </div>
      {loaded.isError ? (
        <div
          role="alert"
          className="flex items-center justify-between gap-2 rounded-md bg-danger-soft px-3 py-2 text-sm font-medium text-danger-hover"
        >
          Failed to load languages
          <Button size="sm" variant="outline" onClick={() => void loaded.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      <ul className="divide-y divide-border rounded-md border border-border" aria-label="Project languages">
        {languages.map((code, index) => (
          <li key={code} className="flex items-center gap-3 px-3 py-2">
            <span className="flex-1 truncate text-sm">{languageName(code)}</span>
            <span className="font-mono text-xs text-muted">{code}</span>
            {code === sourceLanguage ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                Source
              </span>
            ) : null}
            {flags.canDeleteTranslations && code !== sourceLanguage ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Delete all ${languageName(code)} translations`}
                title={`Delete all ${languageName(code)} translations`}
                onClick={() => setClearing(code)}
              >
                <Eraser aria-hidden="true" />
              </Button>
            ) : null}
            {editable ? (
              <div className="flex items-center gap-0.5">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Move ${languageName(code)} up`}
                  disabled={index === 0 || setLanguages.isPending}
                  onClick={() => move(code, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Move ${languageName(code)} down`}
                  disabled={index === languages.length - 1 || setLanguages.isPending}
                  onClick={() => move(code, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-danger hover:text-danger"
                  aria-label={`Delete ${languageName(code)}`}
                  disabled={!canRemoveLanguage(languages, code, sourceLanguage) || setLanguages.isPending}
                  title={code === sourceLanguage ? "The source language cannot be deleted" : undefined}
                  onClick={() => setDeleting(code)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <AddProjectLanguage project={project} open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete language?"
        description={`Are you sure you want to delete ${deleting ? languageName(deleting) : ""} from this project?`}
        confirmLabel="Delete"
        destructive
        loading={setLanguages.isPending}
        onConfirm={() => {
          if (deleting) remove(deleting);
        }}
      />
      <ConfirmDialog
        open={clearing !== null}
        onOpenChange={(open) => {
          if (!open) setClearing(null);
        }}
        title={`Delete all ${clearing ? languageName(clearing) : ""} translations?`}
        description="Every translation of this language is removed from the project. Each value stays in its string's history and can be restored from there."
        confirmLabel="Delete"
        destructive
        loading={clearStrings.isPending}
        onConfirm={() => {
          if (clearing) clear(clearing);
        }}
      />
    </section>
  );
}
