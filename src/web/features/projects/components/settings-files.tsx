import { Download, FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { FORMAT_INFO } from "../../../../shared/formats/format-info.ts";
import { languageName } from "../../../../shared/languages.ts";
import { ALL_LANGUAGES, type FileTemplate } from "../../../../shared/schemas/file-templates.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { downloadName, downloadOriginal, useFiles, useRemoveFile } from "../api/files.ts";

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

export const FILES_INTRO =
  "Exports and pulls in a file's format keep the file as it was: only strings changed in Sprog are written into it.";
export const FILES_EMPTY =
  "No files yet. Each file you import is kept here, and exports in its format are written on it, so unchanged files come back exactly as they were.";

export function fileLanguageLabel(language: string): string {
  return language === ALL_LANGUAGES ? "All languages" : languageName(language);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${numberFormat.format(bytes / 1024)} KB`;
  return `${numberFormat.format(bytes / (1024 * 1024))} MB`;
}

function uploaderOf(file: FileTemplate): string {
  if (!file.uploadedBy) return "—";
  return file.uploadedBy.name.trim() || file.uploadedBy.email;
}

/** "de.json (German)": what a row's buttons and the confirmation call the file. */
const fileLabel = (file: FileTemplate) => `${file.path} (${fileLanguageLabel(file.language)})`;

function FileRow({
  file,
  downloading,
  onDownload,
  onRemove,
}: {
  file: FileTemplate;
  downloading: boolean;
  onDownload: (file: FileTemplate) => void;
  onRemove: (file: FileTemplate) => void;
}) {
  return (
    <tr className="align-top">
      <th scope="row" className="max-w-32 py-2 pr-3 text-left font-normal sm:max-w-40">
        <span className="block truncate font-mono font-medium" title={file.path}>
          {file.path}
        </span>
        <span className="block text-muted">{FORMAT_INFO[file.format]?.label ?? file.format}</span>
        {/* A file of several a language (issue 33); the language's one file needs no word. */}
        {file.namespace !== "" ? (
          <span className="block truncate text-muted" title={file.namespace}>
            Namespace: {file.namespace}
          </span>
        ) : null}
        {/* On a phone the Language and Size columns are left out: said here instead. */}
        <span className="block text-muted sm:hidden">
          {fileLanguageLabel(file.language)} · {formatSize(file.size)}
        </span>
      </th>
      <td className="hidden py-2 pr-3 sm:table-cell">{fileLanguageLabel(file.language)}</td>
      <td className="max-w-28 py-2 pr-3 sm:max-w-36">
        <span className="block truncate" title={file.uploadedBy?.email}>
          {uploaderOf(file)}
        </span>
        <time className="block text-muted" dateTime={file.uploadedAt}>
          {dateTimeFormat.format(new Date(file.uploadedAt))}
        </time>
      </td>
      <td className="hidden py-2 pr-3 text-right whitespace-nowrap text-muted sm:table-cell">
        {formatSize(file.size)}
      </td>
      <td className="py-1 text-right whitespace-nowrap">
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          aria-label={`Download ${fileLabel(file)}`}
          title="Download the file as it was uploaded"
          loading={downloading}
          onClick={() => onDownload(file)}
        >
          {downloading ? null : <Download aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-danger hover:text-danger"
          aria-label={`Remove ${fileLabel(file)}`}
          title="Remove"
          onClick={() => onRemove(file)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}

/**
 * Project Settings → Files (issue 33; whoever may export: owners and admins): the uploaded files
 * kept as templates of exports, each downloadable as it was uploaded, and removable.
 */
export function SettingsFiles({ project }: { project: Project }) {
  const files = useFiles(project.id);
  const remove = useRemoveFile(project.id);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [removing, setRemoving] = useState<FileTemplate | null>(null);

  const download = async (file: FileTemplate) => {
    setDownloading(file.id);
    try {
      saveFile(await downloadOriginal(project.id, file), downloadName(file));
    } catch (error) {
      toast.error(errorMessage(error, `Failed to download ${file.path}`));
    } finally {
      setDownloading(null);
    }
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => {
        toast.success(`${removing.path} removed`);
        setRemoving(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, "Failed to remove the file"));
        setRemoving(null);
      },
    });
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="files-title">
      <div className="flex flex-col gap-1">
        <h3 id="files-title" className="text-sm font-semibold">
          Files
        </h3>
        <p className="text-sm text-muted">{FILES_INTRO}</p>
      </div>

      {files.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : files.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(files.error, "Failed to load the files")}
        </p>
      ) : files.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-border-strong bg-surface px-3 py-6 text-center">
          <FileText className="size-5 text-muted" aria-hidden="true" />
          <p className="max-w-sm text-xs text-muted">{FILES_EMPTY}</p>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-md border border-border px-3">
          <table className="w-full text-left text-xs" aria-labelledby="files-title">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  File
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  Language
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Uploaded
                </th>
                <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
                  Size
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border border-t border-border">
              {files.data.map((file) => (
                <FileRow
                  key={file.id}
                  file={file}
                  downloading={downloading === file.id}
                  onDownload={(chosen) => void download(chosen)}
                  onRemove={setRemoving}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove file?"
        description={
          removing ? (
            <>
              <code className="font-mono text-foreground">{removing.path}</code> (
              {fileLanguageLabel(removing.language)}) is no longer kept: exports and pulls in{" "}
              {FORMAT_INFO[removing.format]?.label ?? removing.format} are written from the project's strings
              until the file is imported again. The project's keys and strings stay as they are.
            </>
          ) : (
            ""
          )
        }
        confirmLabel="Remove"
        destructive
        loading={remove.isPending}
        onConfirm={confirmRemove}
      />
    </section>
  );
}
