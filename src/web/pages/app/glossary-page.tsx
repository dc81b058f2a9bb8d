import { BookA, Download, Plus, Upload } from "lucide-react";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { permissionFlags } from "../../../shared/permissions.ts";
import type { GlossaryTerm } from "../../../shared/schemas/glossary.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Toolbar, type ToolbarAction } from "../../components/ui/toolbar.tsx";
import { useDeleteGlossaryTerm } from "../../features/glossary/api/delete-glossary-term.ts";
import { exportGlossary } from "../../features/glossary/api/export-glossary.ts";
import { useImportGlossary } from "../../features/glossary/api/import-glossary.ts";
import { useGlossary } from "../../features/glossary/api/list-glossary.ts";
import { GlossaryTable } from "../../features/glossary/components/glossary-table.tsx";
import { TermDialog } from "../../features/glossary/components/term-dialog.tsx";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { failureText } from "../../lib/failure-text.ts";
import { saveFile } from "../../lib/save-file.ts";
import { useWorkspace } from "../../lib/workspace.tsx";

const GLOSSARY_PURPOSE =
  "A glossary lists the words your product uses, with their approved translations: brand names to keep, terms never to use. The editor underlines them in source texts, quality checks flag translations that miss them, and the AI follows them.";

/** The target languages of the team's projects, in the order first met: a translation column each. */
function useTeamLanguages(teamId: string): string[] {
  const projects = useProjects(teamId).data;
  return useMemo(() => {
    const codes = new Set<string>();
    for (const project of projects ?? []) {
      for (const code of project.languages) if (code !== project.sourceLanguage) codes.add(code);
    }
    return [...codes];
  }, [projects]);
}

function GlossaryOfTeam({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const [search, setSearch] = useState("");
  // Typing asks the server again; the deferred value keeps keystrokes from waiting on each answer.
  const glossary = useGlossary(teamId, useDeferredValue(search));
  const languages = useTeamLanguages(teamId);
  const remove = useDeleteGlossaryTerm(teamId);
  const [editing, setEditing] = useState<{ term: GlossaryTerm | null } | null>(null);
  const [deleting, setDeleting] = useState<GlossaryTerm | null>(null);
  const importCsv = useImportGlossary(teamId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);

  const runImport = (file: File) => {
    importCsv.mutate(file, {
      onSuccess: (result) =>
        toast.success(`Glossary imported: ${result.created} added, ${result.updated} updated`),
      onError: (error) => toast.error(failureText(error, "Failed to import the glossary")),
    });
  };
  const runExport = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await exportGlossary(teamId);
      saveFile(blob, fileName);
    } catch (error) {
      toast.error(failureText(error, "Failed to export the glossary"));
    } finally {
      setExporting(false);
    }
  };
  const actions: ToolbarAction[] = canManage
    ? [
        {
          label: "Import CSV",
          icon: Upload,
          onClick: () => fileInput.current?.click(),
          disabled: importCsv.isPending,
        },
        { label: "Export CSV", icon: Download, onClick: () => void runExport(), disabled: exporting },
        { label: "Add term", icon: Plus, onClick: () => setEditing({ term: null }), primary: true },
      ]
    : [];
  const terms = glossary.data?.terms ?? [];

  return (
    <>
      <Toolbar
        title="Glossary"
        actions={actions}
        search={
          <SearchInput
            label="Search glossary"
            placeholder="Search terms, translations..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        }
      />
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        aria-label="Glossary CSV file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) runImport(file);
        }}
      />
      {glossary.isPending ? (
        <Spinner />
      ) : glossary.isError ? (
        <p role="alert" className="text-sm text-danger">
          {failureText(glossary.error, "Failed to load the glossary")}
        </p>
      ) : terms.length === 0 && search.trim() === "" ? (
        <EmptyState
          icon={BookA}
          title="No glossary terms yet"
          description={
            canManage
              ? `${GLOSSARY_PURPOSE} Add a term, or import a CSV file.`
              : `${GLOSSARY_PURPOSE} Owners and admins add its terms.`
          }
        />
      ) : terms.length === 0 ? (
        <p className="text-sm text-muted">No terms match your search.</p>
      ) : (
        <GlossaryTable
          terms={terms}
          languages={languages}
          onEdit={canManage ? (term) => setEditing({ term }) : undefined}
          onDelete={canManage ? setDeleting : undefined}
        />
      )}
      {canManage ? (
        <>
          <TermDialog
            teamId={teamId}
            term={editing?.term ?? null}
            languages={languages}
            open={editing !== null}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => {
              if (!open) setDeleting(null);
            }}
            title="Delete term?"
            description={
              <>
                Delete <strong className="text-foreground">{deleting?.term}</strong> and its translations from
                the glossary? This cannot be undone.
              </>
            }
            confirmLabel="Delete"
            destructive
            loading={remove.isPending}
            onConfirm={() => {
              if (!deleting) return;
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  setDeleting(null);
                  toast.success("Term deleted");
                },
                onError: (error) => {
                  setDeleting(null);
                  toast.error(failureText(error, "Failed to delete the term"));
                },
              });
            }}
          />
        </>
      ) : null}
    </>
  );
}

/** /app/glossary: the team's glossary. Owners and admins manage it; reviewers read it. */
export function GlossaryPage() {
  const { selectedTeam } = useWorkspace();
  const flags = permissionFlags(selectedTeam?.role ?? "none");
  return selectedTeam ? (
    <GlossaryOfTeam key={selectedTeam.id} teamId={selectedTeam.id} canManage={flags.canManageGlossary} />
  ) : (
    <>
      <Toolbar title="Glossary" />
      <p className="text-sm text-muted">Select a team to see its glossary.</p>
    </>
  );
}
