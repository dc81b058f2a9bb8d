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
import { DialogClose, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { ProgressBar } from "../../../components/ui/progress-bar.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { exportZip, saveFile } from "../api/export-zip.ts";
import { exportStep } from "../export-steps.ts";
import { OptionCheckbox } from "./option-checkbox.tsx";
import { type ProjectDialogProps, ProjectFormDialog } from "./project-form-dialog.tsx";

export const NO_LANGUAGE_SELECTED = "Please select at least one language to export";

const PLACEHOLDER_LABELS: Record<PlaceholderFormat, string> = {
  web: "Web {name}",
  unified: "Unified [name]",
  ios: "iOS %@",
  android: "Android %1$s",
  lokalise: "Lokalise [%name$s]",
};

function ExportForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const [languages, setLanguages] = useState<ReadonlySet<string>>(new Set(project.languages));
  const [format, setFormat] = useState<FormatId>("json");
  const [pretty, setPretty] = useState(true);
  const [flatten, setFlatten] = useState(false);
  const [nested, setNested] = useState(false);
  const [sortKeys, setSortKeys] = useState(false);
  const [placeholderFormat, setPlaceholderFormat] = useState<PlaceholderFormat | "">("");
  const [started, setStarted] = useState<number | null>(null);
  const [answered, setAnswered] = useState(false);
  const [saved, setSaved] = useState(false);
  const [now, setNow] = useState(0);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (started === null || saved) return;
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [started, saved]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(onDone, 1000);
    return () => clearTimeout(timer);
  }, [saved, onDone]);

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
    setStarted(Date.now());
    setNow(Date.now());
    try {
      const file = await exportZip(project.id, {
        languages: project.languages.filter((code) => languages.has(code)),
        format,
        pretty,
        flatten,
        nested,
        sortKeys,
        placeholderFormat: placeholderFormat === "" ? null : placeholderFormat,
      });
      setAnswered(true);
      saveFile(file.blob, file.fileName);
      setSaved(true);
    } catch (cause) {
      setStarted(null);
      setAnswered(false);
      const message = errorMessage(cause, "Failed to export translations");
      setError(message);
      toast.error("Failed to export translations", { description: message });
    }
  };

  const step = started !== null ? exportStep(now - started, answered, saved) : null;
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
        {format === "json" ? (
          <OptionCheckbox
            label="Nested JSON"
            hint="Dots in keys become nested objects; off: flat keys."
            checked={nested}
            onChange={setNested}
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
        <Button type="submit" loading={busy && !saved} disabled={saved}>
          <Download aria-hidden="true" />
          Export
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Export (spec points 2, 4, 9): languages, a format and options → translations-{projectId}.zip. */
export function ExportDialog(props: ProjectDialogProps) {
  return (
    <ProjectFormDialog
      {...props}
      title="Export translations"
      description="Download the project's strings as files in a zip."
      Form={ExportForm}
    />
  );
}
