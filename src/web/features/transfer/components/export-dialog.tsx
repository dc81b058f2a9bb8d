import { Download } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { FORMAT_INFO } from "../../../../shared/formats/format-info.ts";
import { FORMAT_IDS, type FormatId } from "../../../../shared/formats/types.ts";
import { languageName } from "../../../../shared/languages.ts";
import {
  PLACEHOLDER_FORMATS,
  type PlaceholderFormat,
  type Project,
} from "../../../../shared/schemas/projects.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { errorMessage, isApiError } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { exportZip } from "../api/export-zip.ts";
import { exportStep, nextStepAt } from "../export-steps.ts";
import { OptionCheckbox } from "./option-checkbox.tsx";
import type { ProjectDialogProps } from "./project-form-dialog.tsx";

export const NO_LANGUAGE_SELECTED = "Please select at least one language to export";
const EXPORT_FAILED = "Failed to export translations";

const reasonOf = (cause: unknown) => (cause instanceof Error ? cause.message : "Please try again.");

/** Spec point 8's words for an export the server refused or failed; null when it never answered. */
function exportFailure(cause: unknown): string | null {
  if (!isApiError(cause) || cause.status === 0) return null;
  if (cause.status === 401) return "Not authenticated";
  return `Export failed: ${cause.status} ${cause.statusText}`.trimEnd();
}

const PLACEHOLDER_LABELS: Record<PlaceholderFormat, string> = {
  web: "Web {name}",
  unified: "Unified [name]",
  ios: "iOS %@",
  android: "Android %1$s",
  lokalise: "Lokalise [%name$s]",
};

function ExportForm({
  project,
  onDone,
  uploadedNested,
}: {
  project: Project;
  onDone: () => void;
  uploadedNested: boolean | undefined;
}) {
  const [languages, setLanguages] = useState<ReadonlySet<string>>(new Set(project.languages));
  const [format, setFormat] = useState<FormatId>("json");
  const [pretty, setPretty] = useState(true);
  const [flatten, setFlatten] = useState(false);
  const [nested, setNested] = useState(uploadedNested ?? false);
  // The uploaded files' shape may arrive after the dialog opened: it sets the default until the
  // person chooses themselves.
  const [nestedChosen, setNestedChosen] = useState(false);
  useEffect(() => {
    if (!nestedChosen && uploadedNested !== undefined) setNested(uploadedNested);
  }, [nestedChosen, uploadedNested]);
  const [sortKeys, setSortKeys] = useState(false);
  const [includeUnverifiedAi, setIncludeUnverifiedAi] = useState(true);
  const [includePseudo, setIncludePseudo] = useState(false);
  const [placeholderFormat, setPlaceholderFormat] = useState<PlaceholderFormat | "">("");
  const [started, setStarted] = useState<number | null>(null);
  // The zip and when it came (ms after the start); it is handed to the browser when Downloading shows.
  const [answer, setAnswer] = useState<{ blob: Blob; fileName: string; atMs: number } | null>(null);
  const [savedFile, setSavedFile] = useState<Blob | null>(null);
  const [now, setNow] = useState(0);
  const [error, setError] = useState<string | undefined>();

  const elapsed = started === null ? 0 : now - started;
  const answeredAt = answer?.atMs ?? null;
  const step = started !== null ? exportStep(elapsed, answeredAt) : null;
  const complete = step?.index === 4;

  // One timer to the next step's start; a step waiting for the server moves when the answer comes.
  const nextAt = started === null ? null : nextStepAt(elapsed, answeredAt);
  useEffect(() => {
    if (started === null || nextAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, started + nextAt - Date.now()));
    return () => clearTimeout(timer);
  }, [started, nextAt]);
  const downloading = step !== null && step.index >= 3;
  useEffect(() => {
    if (!downloading || !answer || savedFile === answer.blob) return;
    saveFile(answer.blob, answer.fileName);
    setSavedFile(answer.blob);
  }, [downloading, answer, savedFile]);
  useEffect(() => {
    if (!complete) return;
    const timer = setTimeout(onDone, 1000);
    return () => clearTimeout(timer);
  }, [complete, onDone]);

  const toggle = (code: string, on: boolean) =>
    setLanguages((old) => {
      const next = new Set(old);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (languages.size === 0) {
      setError(NO_LANGUAGE_SELECTED);
      return;
    }
    setError(undefined);
    const at = Date.now();
    setStarted(at);
    setNow(at);
    try {
      const file = await exportZip(project.id, {
        languages: project.languages.filter((code) => languages.has(code)),
        format,
        pretty,
        flatten,
        nested,
        sortKeys,
        includeUnverifiedAi,
        includePseudo,
        placeholderFormat: placeholderFormat === "" ? null : placeholderFormat,
      });
      const arrived = Date.now();
      setAnswer({ ...file, atMs: arrived - at });
      setNow(arrived);
    } catch (cause) {
      setStarted(null);
      const failure = exportFailure(cause);
      setError(failure ?? EXPORT_FAILED);
      toast.error(EXPORT_FAILED, { description: failure ?? errorMessage(cause, reasonOf(cause)) });
    }
  };

  const busy = started !== null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium">Languages</legend>
        <div className="grid grid-cols-2 gap-2">
          {project.languages.map((code) => (
            <OptionCheckbox
              key={code}
              label={languageName(code)}
              hint={code === project.sourceLanguage ? `${code} · source` : code}
              checked={languages.has(code)}
              onChange={(on) => toggle(code, on)}
            />
          ))}
        </div>
      </fieldset>
      <FormField label="Format">
        <NativeSelect value={format} onChange={(e) => setFormat(e.target.value as FormatId)} disabled={busy}>
          {FORMAT_IDS.map((id) => (
            <option key={id} value={id}>
              {FORMAT_INFO[id].label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Placeholders"
        hint="Rewrite every placeholder into one format, or keep them as written."
      >
        <NativeSelect
          value={placeholderFormat}
          onChange={(e) => setPlaceholderFormat(e.target.value as PlaceholderFormat | "")}
          disabled={busy}
        >
          <option value="">Keep as written</option>
          {PLACEHOLDER_FORMATS.map((id) => (
            <option key={id} value={id}>
              {PLACEHOLDER_LABELS[id]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="flex flex-col gap-3" disabled={busy}>
        <legend className="sr-only">Options</legend>
        <OptionCheckbox
          label="Pretty"
          hint="Indented, readable files."
          checked={pretty}
          onChange={setPretty}
        />
        <OptionCheckbox
          label="Flatten plurals"
          hint="Plural forms as separate keys (key_one, key_other) instead of one ICU message."
          checked={flatten}
          onChange={setFlatten}
        />
        <OptionCheckbox
          label="Sort keys A–Z"
          hint="Off: keys in the order of the files they came from, keys added in Sprog last."
          checked={sortKeys}
          onChange={setSortKeys}
        />
        <OptionCheckbox
          label="AI translations not reviewed yet"
          hint="Off: only text a person wrote, saved or approved."
          checked={includeUnverifiedAi}
          onChange={setIncludeUnverifiedAi}
        />
        <OptionCheckbox
          label="Pseudo-localized text"
          hint="For testing layouts only: never ship it. Off: those strings are left out, so the app shows its default language."
          checked={includePseudo}
          onChange={setIncludePseudo}
        />
        {format === "json" ? (
          <OptionCheckbox
            label="Nested JSON"
            hint={
              uploadedNested === undefined
                ? "Dots in keys become nested objects; off: flat keys."
                : `Dots in keys become nested objects; off: flat keys. Your uploaded JSON is ${uploadedNested ? "nested" : "flat"}.`
            }
            checked={nested}
            onChange={(on) => {
              setNestedChosen(true);
              setNested(on);
            }}
          />
        ) : null}
      </fieldset>
      {step ? (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm" role="status">
            {step.label}
          </p>
          <ProgressBar label="Export progress" value={step.percent} />
        </div>
      ) : null}
      <FormServerError message={error} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={busy && !complete} disabled={complete}>
          <Download aria-hidden="true" />
          Export
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Export (spec points 2, 4, 9): languages, a format and options → translations-{projectId}.zip.
 * `uploadedNested`: the shape of the project's uploaded JSON (`uploadedJsonNested`), which JSON
 * export starts from (issue 34); undefined: flat, the spec's default.
 */
export function ExportDialog({
  project,
  open,
  onOpenChange,
  uploadedNested,
}: ProjectDialogProps & { uploadedNested?: boolean | undefined }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Export translations"
        description="Download the project's strings as files in a zip."
      >
        {open ? (
          <ExportForm project={project} onDone={() => onOpenChange(false)} uploadedNested={uploadedNested} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
