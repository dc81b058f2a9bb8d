import { Languages, Plus } from "lucide-react";
import { languageName } from "../../../../shared/languages.ts";
import { Button } from "../../../components/ui/button.tsx";

/**
 * A project with its source language only has nothing to translate into: the Overview says so
 * and, to those who may edit languages, offers the way out right there (issue 34) instead of
 * under gear → Project Settings → Languages.
 */
export function NoTargetLanguage({
  sourceLanguage,
  onAddLanguage,
}: {
  sourceLanguage: string;
  onAddLanguage?: (() => void) | undefined;
}) {
  return (
    <section
      aria-label="No language to translate into"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-border-strong bg-surface px-4 py-3"
    >
      <Languages className="size-5 shrink-0 text-muted" aria-hidden="true" />
      <p className="min-w-48 flex-1 text-sm text-muted">
        <span className="font-medium text-foreground">No language to translate into yet.</span>{" "}
        {languageName(sourceLanguage)} is this project's only language.
        {onAddLanguage ? null : " The team owner or an admin can add the languages you translate into."}
      </p>
      {onAddLanguage ? (
        <Button size="sm" onClick={onAddLanguage}>
          <Plus aria-hidden="true" />
          Add a language
        </Button>
      ) : null}
    </section>
  );
}
