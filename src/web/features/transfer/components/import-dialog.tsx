import { useQueryClient } from "@tanstack/react-query";
import { FileUp } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { formatForFileName, guessLanguage } from "../../../../shared/formats/file-language.ts";
import { namespaceOfPath } from "../../../../shared/formats/file-namespace.ts";
import { LANGUAGES, languageName } from "../../../../shared/languages.ts";
import { namespaceSchema } from "../../../../shared/schemas/namespace.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import type { ImportResult } from "../../../../shared/schemas/transfer.ts";
import { Button } from "../../../components/ui/button.tsx";
import { DialogClose, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { importFile } from "../api/import-file.ts";
import { type ColumnChoice, choicesProblem, columnsOption, guessedChoices } from "../column-choices.ts";
import { readTablePreview, type TablePreview } from "../table-preview.ts";
import { ColumnMapping } from "./column-mapping.tsx";
import { OptionCheckbox } from "./option-checkbox.tsx";
import { type ProjectDialogProps, ProjectFormDialog } from "./project-form-dialog.tsx";

/** Spec point 9: the file types the import accepts (issue 5 adds every registry format). */
export const IMPORT_ACCEPT =
  ".json,.csv,.xlsx,.xls,.strings,.stringsdict,.xml,.po,.pot,.xlf,.xliff,.yml,.yaml,.arb";
export const NAMESPACE_HINT =
  "Keys from this file belong to it; exports write each file with its own keys. Leave empty for the language's one file.";
/** Spec point 4: the dialog closes 1 s after the progress reaches 100. */
const CLOSE_AFTER_MS = 1000;

/** The completion notice (spec point 8): keys, translations and languages added, and errors if any. */
export function importNotice(result: ImportResult): string {
  const parts = [
    `${result.keysAdded.toLocaleString("en")} keys added`,
    `${result.translationsAdded.toLocaleString("en")} translations added`,
    `${result.languagesAdded.toLocaleString("en")} languages added`,
  ];
  if (result.errors > 0)
    parts.push(`${result.errors.toLocaleString("en")} ${result.errors === 1 ? "error" : "errors"}`);
  return `Import complete: ${parts.join(", ")}`;
}

function ImportForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState("");
  const [guessed, setGuessed] = useState(true);
  const [overwriteExisting, setOverwriteExisting] = useState(false);
  const [flattenNestedKeys, setFlattenNestedKeys] = useState(true);
  const [resetLanguageList, setResetLanguageList] = useState(false);
  /** The file (namespace, issue 33) as typed; undefined: the guess from the file's name. */
  const [namespaceTyped, setNamespaceTyped] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  /** A CSV or Excel file's header, read here for the column mapping; undefined otherwise. */
  const [table, setTable] = useState<TablePreview | undefined>();
  /** The columns the person chose something for, by index; the others keep the guess. */
  const [overrides, setOverrides] = useState<Record<number, ColumnChoice>>({});
  /** The file whose header is being read: a header read for an earlier choice is dropped. */
  const reading = useRef<File | null>(null);

  useEffect(() => {
    if (progress !== 100) return;
    const timer = setTimeout(onDone, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [progress, onDone]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(undefined);
    setTable(undefined);
    setOverrides({});
    setNamespaceTyped(undefined);
    reading.current = chosen;
    if (!chosen) return;
    const format = formatForFileName(chosen.name);
    if (!format) {
      setError(`Error processing file: ${chosen.name} is not a format Sprog reads`);
      return;
    }
    if (format === "csv" || format === "xlsx") {
      void readTablePreview(chosen, format).then((preview) => {
        if (reading.current === chosen) setTable(preview);
      });
    }
    // The project's own languages first, so `en-US.json` in a project with English is English,
    // not a new regional language; no guess leaves the choice to the person, never a silent default.
    const guessed =
      guessLanguage(chosen.name, project.languages) ??
      guessLanguage(
        chosen.name,
        LANGUAGES.map((entry) => entry.code),
      );
    const base = guessed?.split("-")[0];
    const inProject =
      guessed && !project.languages.includes(guessed)
        ? project.languages.find((code) => code === base)
        : undefined;
    setLanguage(inProject ?? guessed ?? "");
    setGuessed(guessed !== undefined);
  };

  // The mapping: the server's guess for the language chosen, with what the person changed.
  const guessedColumns = table ? guessedChoices(table.header, language) : [];
  const choices = guessedColumns.map((guess, index) => overrides[index] ?? guess);
  const mappingProblem = table ? choicesProblem(table.header, choices) : undefined;
  const mappingChanged = choices.some((choice, index) => choice !== guessedColumns[index]);

  // The server reads the same guess from the file's name and language (`common.json` → common).
  const guessedNamespace = file ? namespaceOfPath(file.name, language) : "";
  const namespaceShown = namespaceTyped ?? guessedNamespace;
  const namespace = namespaceSchema.safeParse(namespaceShown);
  const namespaceProblem = namespace.success ? undefined : namespace.error.issues[0]?.message;
  const namespaceChanged = namespace.success && namespace.data !== guessedNamespace;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file || !language) {
      setError("Missing data or language selection");
      return;
    }
    if (mappingProblem) {
      setError(`Check the columns: ${mappingProblem}`);
      return;
    }
    if (namespaceProblem) {
      setError(`Check the file (namespace): ${namespaceProblem}`);
      return;
    }
    setError(undefined);
    setProgress(10);
    // The upload and the one server transaction are one request; the bar moves while it runs.
    const ticker = setInterval(() => setProgress((p) => (p !== null && p < 90 ? p + 10 : p)), 300);
    try {
      const result = await importFile({
        projectId: project.id,
        file,
        language,
        overwriteExisting,
        flattenNestedKeys,
        resetLanguageList,
        // Sent only when changed: untouched, the server's own guess is the same.
        ...(mappingChanged ? { columns: columnsOption(choices) } : {}),
        ...(namespaceChanged ? { namespace: namespace.data } : {}),
      });
      setProgress(100);
      toast.success(importNotice(result), {
        description: result.warnings.length > 0 ? result.warnings.slice(0, 3).join(" · ") : undefined,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.project(project.id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.teamProjects(project.teamId) });
    } catch (cause) {
      setProgress(null);
      const reason = errorMessage(cause, "Please try again.");
      setError(
        reason.startsWith("Error processing file") ||
          reason.startsWith("Invalid JSON file") ||
          reason === "Missing data or language selection"
          ? reason
          : `Error importing translations: ${reason}`,
      );
    } finally {
      clearInterval(ticker);
    }
  };

  const busy = progress !== null;
  const projectLanguages = new Set(project.languages);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField
        label="File"
        id={fileId}
        hint="JSON, CSV, Excel, iOS .strings/.stringsdict, Android XML, PO, XLIFF, YAML, ARB"
      >
        <input
          id={fileId}
          type="file"
          accept={IMPORT_ACCEPT}
          disabled={busy}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-sm"
        />
      </FormField>
      <FormField
        label="Language of the file"
        hint={
          table
            ? "For a table: the language of a “value” or “translation” column, if it has one (else any of its languages). Each column's language is chosen under Columns."
            : guessed
              ? "Guessed from the file name; change it if it is wrong."
              : "The file name does not say: choose the language the file holds."
        }
      >
        <NativeSelect value={language} onChange={(e) => setLanguage(e.target.value)} disabled={busy || !file}>
          <option value="">Select a language</option>
          <optgroup label="In this project">
            {project.languages.map((code) => (
              <option key={code} value={code}>
                {languageName(code)} ({code})
              </option>
            ))}
          </optgroup>
          <optgroup label="Other languages (added to the project)">
            {LANGUAGES.filter((entry) => !projectLanguages.has(entry.code)).map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name} ({entry.code})
              </option>
            ))}
          </optgroup>
        </NativeSelect>
      </FormField>
      {file ? (
        <FormField label="File (namespace)" hint={NAMESPACE_HINT} error={namespaceProblem}>
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="The language's one file"
            value={namespaceShown}
            disabled={busy}
            onChange={(event) => {
              setNamespaceTyped(event.target.value);
              setError(undefined);
            }}
          />
        </FormField>
      ) : null}
      {table ? (
        <ColumnMapping
          table={table}
          choices={choices}
          projectLanguages={project.languages}
          problem={mappingProblem}
          disabled={busy}
          onChoose={(index, choice) => {
            setOverrides((before) => ({ ...before, [index]: choice }));
            setError(undefined);
          }}
        />
      ) : null}
      <fieldset className="flex flex-col gap-3" disabled={busy}>
        <legend className="sr-only">Options</legend>
        <OptionCheckbox
          label="Overwrite existing translations"
          hint="Off: strings that already have a value keep it."
          checked={overwriteExisting}
          onChange={setOverwriteExisting}
        />
        <OptionCheckbox
          label="Flatten nested keys"
          hint="Nested objects become dotted keys (home.title)."
          checked={flattenNestedKeys}
          onChange={setFlattenNestedKeys}
        />
        <OptionCheckbox
          label="Reset language list"
          hint="The project's languages become the source language plus the file's."
          checked={resetLanguageList}
          onChange={setResetLanguageList}
        />
      </fieldset>
      {progress !== null ? <ProgressBar label="Import progress" value={progress} /> : null}
      <FormServerError message={error} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={busy && progress !== 100} disabled={progress === 100}>
          <FileUp aria-hidden="true" />
          Import
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Import (spec points 2, 4, 8, 9): a file into the project, all or nothing. */
export function ImportDialog(props: ProjectDialogProps) {
  return (
    <ProjectFormDialog
      {...props}
      title="Import translations"
      description="Keys, translations and languages from a file. If anything in it cannot be read, nothing changes."
      Form={ImportForm}
    />
  );
}
