import { useQuery } from "@tanstack/react-query";
import { Download, Plus, Settings, Upload } from "lucide-react";
import { useState } from "react";
import { can, permissionFlags } from "../../../shared/permissions.ts";
import type { Project } from "../../../shared/schemas/projects.ts";
import { CellServicesProvider } from "../../components/cell-editor/cell-services.tsx";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { PageLoading } from "../../components/ui/page-loading.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { BranchBanner } from "../../features/branches/components/branch-banner.tsx";
import { BranchPicker } from "../../features/branches/components/branch-picker.tsx";
import { useAddressBranch } from "../../features/branches/hooks/use-address-branch.ts";
import { filesQueryOptions } from "../../features/projects/api/files.ts";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { ProjectGate } from "../../features/projects/components/project-gate.tsx";
import {
  CellApprovalNote,
  ReviewSelectionAction,
} from "../../features/reviews/components/overview-extensions.tsx";
import { KeyScreenshots } from "../../features/screenshots/components/key-screenshots-button.tsx";
import { uploadedJsonNested } from "../../features/transfer/uploaded-shape.ts";
import { TranslationEditor } from "../../features/translations/components/translation-editor.tsx";
import {
  type TranslationExtensions,
  TranslationExtensionsProvider,
} from "../../features/translations/extensions.tsx";
import { useAddressSearch } from "../../features/translations/hooks/use-address-search.ts";
import { BranchScope } from "../../lib/branch-context.tsx";
import { NARROW_QUERY, useMediaQuery } from "../../lib/use-media-query.ts";
import { useWorkspace } from "../../lib/workspace.tsx";
import { APP_CELL_SERVICES } from "./cell-services.ts";
import { useProjectFromAddress } from "./use-address-project.ts";

// Loaded when first opened: the screen's first paint does not wait for them.
const ExportDialog = lazyDialog(() =>
  import("../../features/transfer/components/export-dialog.tsx").then((module) => module.ExportDialog),
);
const ImportDialog = lazyDialog(() =>
  import("../../features/transfer/components/import-dialog.tsx").then((module) => module.ImportDialog),
);
const KeyFormDialog = lazyDialog(() =>
  import("../../features/translations/components/key-form-dialog.tsx").then((module) => module.KeyFormDialog),
);
const CreateProjectDialog = lazyDialog(() =>
  import("../../features/projects/components/create-project-dialog.tsx").then(
    (module) => module.CreateProjectDialog,
  ),
);
const AddProjectLanguage = lazyDialog(() =>
  import("../../features/projects/components/add-project-language.tsx").then(
    (module) => module.AddProjectLanguage,
  ),
);
const ProjectSettingsDialog = lazyDialog(() =>
  import("../../features/projects/components/project-settings-dialog.tsx").then(
    (module) => module.ProjectSettingsDialog,
  ),
);

/**
 * Reviews in the keys table: Review on the selection, approval badges in the cells; the keys'
 * screenshots. On a branch too: a review made there is the branch's, its verdicts show beside main's.
 */
const OVERVIEW_EXTENSIONS: TranslationExtensions = {
  SelectionAction: ReviewSelectionAction,
  CellNote: CellApprovalNote,
  KeyNote: KeyScreenshots,
};

/** /app/overview: the Translation Keys tab (spec point 2). */
export function OverviewPage() {
  const { me, selectedTeam, selectedProjectId, selectProject } = useWorkspace();
  const role = selectedTeam?.role ?? "none";
  const mainFlags = permissionFlags(role);
  const projectsQuery = useProjects(selectedTeam?.id ?? null);
  const projects = projectsQuery.data;
  const project = projects?.find((p) => p.id === selectedProjectId) ?? null;

  useProjectFromAddress();
  const address = useAddressBranch(can(role, "branches.view") ? selectedProjectId : null);
  const branch = address.branch;
  // What the server refuses on a branch is not offered there (routes.ts: CHANGES_ON_A_BRANCH).
  const flags = branch ? { ...mainFlags, canEditLanguages: false } : mainFlags;
  // In the address: a reload or a link keeps it (a mention e-mail names its key).
  const [search, setSearch] = useAddressSearch();
  const [creatingProject, setCreatingProject] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [addingKey, setAddingKey] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  // On a phone the Filters button sits beside the search, one row less above the keys (issue 34).
  const narrow = useMediaQuery(NARROW_QUERY);
  const [filtersSlot, setFiltersSlot] = useState<HTMLElement | null>(null);
  const [addingLanguage, setAddingLanguage] = useState(false);
  // The uploaded files' shape, read when Export opens: JSON export starts nested when they were.
  const uploadedFiles = useQuery({
    ...filesQueryOptions(project?.id ?? ""),
    enabled: exporting && project !== null && mainFlags.canManageKeys,
  });

  const onProjectDeleted = (deleted: Project) => {
    setSettingsOpen(false);
    const next = (projects ?? []).filter((p) => p.id !== deleted.id)[0];
    selectProject(next?.id ?? null);
  };

  return (
    <>
      <Toolbar
        title={project ? project.name : "Translation Keys"}
        beside={
          project && can(role, "branches.view") ? (
            <BranchPicker projectId={project.id} address={address} canStart={can(role, "branches.manage")} />
          ) : null
        }
        search={
          <SearchInput
            label="Search keys"
            placeholder="Search keys..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            disabled={!project}
          />
        }
        actions={[
          ...(flags.canManageKeys
            ? [
                {
                  label: "Import",
                  icon: Upload,
                  disabled: !project,
                  onClick: () => setImporting(true),
                },
                {
                  label: "Export",
                  icon: Download,
                  disabled: !project,
                  onClick: () => setExporting(true),
                },
                {
                  label: "New",
                  icon: Plus,
                  primary: true,
                  disabled: !project,
                  onClick: () => setAddingKey(true),
                },
              ]
            : []),
          ...(project
            ? [
                {
                  label: "Project settings",
                  icon: Settings,
                  iconOnly: true,
                  onClick: () => setSettingsOpen(true),
                },
              ]
            : []),
        ]}
      >
        {narrow && project ? <div ref={setFiltersSlot} className="contents" /> : null}
      </Toolbar>
      <BranchScope branch={branch}>
        {branch ? <BranchBanner branch={branch} /> : null}
        {address.resolving ? (
          <PageLoading />
        ) : (
          <ProjectGate
            team={selectedTeam}
            projectId={selectedProjectId}
            onSelectProject={selectProject}
            purpose="its translation keys"
            onCreateProject={flags.canManageProjects ? () => setCreatingProject(true) : undefined}
          >
            {(chosen) => (
              <TranslationExtensionsProvider value={OVERVIEW_EXTENSIONS}>
                <CellServicesProvider value={APP_CELL_SERVICES}>
                  <TranslationEditor
                    key={chosen.id}
                    project={chosen}
                    userId={me.user.id}
                    flags={flags}
                    search={search}
                    onAddKey={() => setAddingKey(true)}
                    filtersSlot={narrow ? filtersSlot : null}
                    onAddLanguage={flags.canEditLanguages ? () => setAddingLanguage(true) : undefined}
                  />
                </CellServicesProvider>
              </TranslationExtensionsProvider>
            )}
          </ProjectGate>
        )}
        {project ? (
          <>
            {/* On a branch, a file imported lands on the branch, as a push naming it does. */}
            <ImportDialog project={project} open={importing} onOpenChange={setImporting} />
            <ExportDialog
              project={project}
              open={exporting}
              onOpenChange={setExporting}
              uploadedNested={uploadedJsonNested(uploadedFiles.data)}
            />
            <KeyFormDialog
              projectId={project.id}
              sourceLanguage={project.sourceLanguage}
              editing={null}
              open={addingKey}
              onOpenChange={setAddingKey}
            />
          </>
        ) : null}
      </BranchScope>
      {selectedTeam ? (
        <CreateProjectDialog
          teamId={selectedTeam.id}
          open={creatingProject}
          onOpenChange={setCreatingProject}
          onCreated={(created) => selectProject(created.id)}
        />
      ) : null}
      {project ? (
        <>
          <AddProjectLanguage project={project} open={addingLanguage} onOpenChange={setAddingLanguage} />
          <ProjectSettingsDialog
            project={project}
            flags={mainFlags}
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
            onDeleted={onProjectDeleted}
          />
        </>
      ) : null}
    </>
  );
}
