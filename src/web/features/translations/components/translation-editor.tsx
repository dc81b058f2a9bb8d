import { CircleAlert, Filter, KeyRound, Plus } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { toast } from "sonner";
import { languageName } from "../../../../shared/languages.ts";
import type { PermissionFlags } from "../../../../shared/permissions.ts";
import { type KeyRow, searchesText } from "../../../../shared/schemas/keys.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { DisabledChecksProvider } from "../../../components/cell-editor/disabled-checks.tsx";
import { EditingContext } from "../../../components/cell-editor/editing-context.tsx";
import { UnsavedChangesDialog } from "../../../components/cell-editor/unsaved-changes-dialog.tsx";
import { useCellEditing } from "../../../components/cell-editor/use-cell-editing.ts";
import { useOutsidePointer } from "../../../components/cell-editor/use-outside-pointer.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { endOpening } from "../../../lib/early-answers.ts";
import { NARROW_QUERY, useMediaQuery } from "../../../lib/use-media-query.ts";
import { useAiStatus } from "../api/ai-status.ts";
import { useDeleteKey } from "../api/delete-key.ts";
import { useCompletion } from "../api/get-completion.ts";
import { useKeyFacets } from "../api/key-facets.ts";
import { useKeys } from "../api/list-keys.ts";
import { batchPhase, filteredBatchPhase, keysToTranslate } from "../batch-state.ts";
import { useBatchTranslation } from "../hooks/use-batch-translation.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";
import { useExtraColumns } from "../hooks/use-extra-columns.ts";
import { useKeyFilters } from "../hooks/use-key-filters.ts";
import { useProjectRealtime } from "../hooks/use-project-realtime.ts";
import { useSelectedLanguage } from "../hooks/use-selected-language.ts";
import { filtersQuery } from "../key-filters.ts";
import { AiProviderNotice } from "./ai-provider-notice.tsx";
import { BatchTranslateBar } from "./batch-translate-bar.tsx";
import { ColumnPicker } from "./column-picker.tsx";
import { KeyFilterBar, type KeyFilterBarProps } from "./key-filter-bar.tsx";
import { KeyFiltersSheet } from "./key-filters-sheet.tsx";
import { KeysTable } from "./keys-table.tsx";
import { LanguageTabs } from "./language-tabs.tsx";
import { NoTargetLanguage } from "./no-target-language.tsx";
import { SelectionBar } from "./selection-bar.tsx";

// Loaded when first opened (a rename): the first rows do not wait for the key form.
const KeyFormDialog = lazyDialog(() =>
  import("./key-form-dialog.tsx").then((module) => module.KeyFormDialog),
);

export const LOAD_KEYS_FAILED = "Failed to load translation keys. Please try again.";

/** The search box's text goes to the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface TranslationEditorProps {
  project: Project;
  userId: string;
  flags: PermissionFlags;
  /** The search box's text: the server finds the keys (name or text in any language), page by page. */
  search: string;
  /** Opens the Add Translation Key dialog (owned by the caller, which also has the toolbar's 'New'). */
  onAddKey: () => void;
  /**
   * On a phone, where the Filters button goes (beside the caller's search field); without one it
   * sits above the keys.
   */
  filtersSlot?: HTMLElement | null;
  /** Opens Add Language (owned by the caller); undefined for those who may not edit languages. */
  onAddLanguage?: (() => void) | undefined;
}

/** The Overview of one project: language tabs, the keys table with its cell editors, realtime updates. */
export function TranslationEditor({
  project,
  userId,
  flags,
  search,
  onAddKey,
  filtersSlot = null,
  onAddLanguage,
}: TranslationEditorProps) {
  const source = project.sourceLanguage;
  const [language, selectLanguage] = useSelectedLanguage(userId, project);
  const [extraColumns, setExtraColumns] = useExtraColumns(userId, project);
  // The source, the selected language, then the picked ones (issue 19), each once.
  const columns = useMemo(
    () => [...new Set([source, language, ...extraColumns])],
    [language, source, extraColumns],
  );
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const {
    filters,
    setFilter,
    clear: clearFilters,
  } = useKeyFilters(language, project.languages, selectLanguage);
  const filterKey = filtersQuery(filters);
  const keysQuery = useKeys(project.id, columns, query, filters);
  // The counts wait for the first page: the first rows matter more than the numbers on the tabs.
  const completion = useCompletion(project.id, { enabled: keysQuery.data !== undefined });
  const facets = useKeyFacets(project.id, language, query, filters, {
    enabled: keysQuery.data !== undefined,
  });
  const aiStatus = useAiStatus();
  const narrow = useMediaQuery(NARROW_QUERY);
  // What the rows on screen were fetched for: while another list loads, the previous one stays.
  const shown = useRef({ columns, query, filterKey });
  if (!keysQuery.isPlaceholderData && keysQuery.data) shown.current = { columns, query, filterKey };
  const targetLoading = keysQuery.isPlaceholderData && shown.current.columns !== columns;
  const searching =
    query !== search.trim() ||
    (keysQuery.isPlaceholderData && (shown.current.query !== query || shown.current.filterKey !== filterKey));
  const editing = useCellEditing(project.id);
  const deleteKey = useDeleteKey(project.id);
  const batch = useBatchTranslation(project.id);
  useProjectRealtime({
    projectId: project.id,
    teamId: project.teamId,
    onTheirChange: editing.receiveTheirs,
    onBatchUpdate: batch.received,
  });
  useOutsidePointer(editing.session !== null, editing.requestClose);

  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<KeyRow | null>(null);
  const [deleting, setDeleting] = useState<KeyRow | null>(null);

  // A new project starts with nothing selected.
  const projectId = project.id;
  useEffect(() => {
    void projectId;
    setSelection(new Set());
  }, [projectId]);

  const keys = keysQuery.data?.rows;
  // The groups' whole counts, from the counts of the list on screen (not of one still loading).
  const facetGroups =
    !facets.isPlaceholderData && !keysQuery.isPlaceholderData ? facets.data?.groups : undefined;
  const groupTotals = useMemo(
    () => (facetGroups ? new Map(facetGroups.map((group) => [group.name, group.count])) : undefined),
    [facetGroups],
  );
  const rowsShown = keys !== undefined;
  // Before the effects that start the counts' requests: those are not the screen's opening.
  useLayoutEffect(() => {
    if (rowsShown) endOpening();
  }, [rowsShown]);
  const complete = keysQuery.data?.complete === true;
  const loadingMore = keysQuery.data?.loadingMore === true;
  const loadFailed = keysQuery.data?.failed === true;

  const onToggle = useCallback((keyId: string, selected: boolean) => {
    setSelection((old) => {
      const next = new Set(old);
      if (selected) next.add(keyId);
      else next.delete(keyId);
      return next;
    });
  }, []);
  const onToggleAll = useCallback(
    // The keys loaded so far: the table says so while more are to come.
    (selected: boolean) => setSelection(selected ? new Set(keys?.map((row) => row.id)) : new Set()),
    [keys],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const keyId = deleting.id;
    deleteKey.mutate(keyId, {
      onSuccess: () => {
        toast.success("Key deleted");
        setDeleting(null);
        onToggle(keyId, false);
      },
      onError: () => toast.error("Failed to delete key"),
    });
  };

  const languageCompletion = completion.data?.find((entry) => entry.code === language);
  const batchState = filteredBatchPhase(
    batchPhase(batch.jobFor(language), batch.isStarting(language), languageCompletion),
    filterKey !== "" && facets.data?.language === language ? facets.data : undefined,
  );
  // A real AI replaces pseudo-localized text; the pseudo provider only fills what is empty.
  const replacesPseudo = aiStatus.data !== undefined && aiStatus.data.provider !== "pseudo";

  const filterBar: KeyFilterBarProps = {
    filters,
    facets: facets.data?.language === language ? facets.data : undefined,
    languageLabel: languageName(language),
    isSource: language === source,
    onChange: setFilter,
    onClear: clearFilters,
  };

  const sourceColumn = { code: source, label: languageName(source) };
  const targetColumns = useMemo(
    () => columns.slice(1).map((code) => ({ code, label: languageName(code) })),
    [columns],
  );

  let body: ReactNode;
  if (keysQuery.isError && !keys) {
    body = (
      <EmptyState
        icon={CircleAlert}
        title={LOAD_KEYS_FAILED}
        action={
          <Button variant="outline" onClick={() => void keysQuery.refetch()} loading={keysQuery.isFetching}>
            Retry
          </Button>
        }
      />
    );
  } else if (!keys) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading translation keys" className="size-6 text-brand-600" />
      </div>
    );
  } else if (keys.length === 0 && complete && shown.current.filterKey !== "") {
    body = (
      <EmptyState
        icon={Filter}
        title="No keys match these filters"
        description={`Nothing in ${languageName(language)} is left with all of them on.`}
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (keys.length === 0 && complete && shown.current.query === "") {
    body = (
      <EmptyState
        icon={KeyRound}
        title="Wonderful, a new beginning"
        description="This project has no translation keys yet. Add the first one to start translating."
        action={
          flags.canManageKeys ? (
            <Button onClick={onAddKey}>
              <Plus aria-hidden="true" />
              Add Key
            </Button>
          ) : null
        }
      />
    );
  } else if (keys.length === 0 && complete) {
    body = <p className="py-10 text-center text-sm text-muted">No keys match “{shown.current.query}”.</p>;
  } else {
    body = (
      <KeysTable
        key={`${project.id}\u0000${shown.current.query}\u0000${shown.current.filterKey}`}
        projectId={project.id}
        keys={keys}
        complete={complete}
        groupTotals={groupTotals}
        onLoadMore={keysQuery.loadMore}
        source={sourceColumn}
        targets={targetColumns}
        targetLoading={targetLoading}
        canManageKeys={flags.canManageKeys}
        selection={selection}
        onToggle={onToggle}
        onToggleAll={onToggleAll}
        onEdit={setRenaming}
        onDelete={setDeleting}
        editingKeyId={editing.session?.keyId ?? null}
      />
    );
  }

  return (
    <EditingContext.Provider value={editing}>
      <DisabledChecksProvider value={project.disabledChecks}>
        <div className="flex flex-col gap-2 sm:gap-3">
          <LanguageTabs
            project={project}
            completion={completion.data}
            selected={language}
            onSelect={selectLanguage}
            onAddLanguage={onAddLanguage}
          />
          {project.languages.length <= 1 ? (
            <NoTargetLanguage sourceLanguage={source} onAddLanguage={onAddLanguage} />
          ) : null}
          {/* On a phone the filters wait behind one button: the keys come first (issue 34). */}
          {narrow ? (
            filtersSlot ? (
              createPortal(<KeyFiltersSheet {...filterBar} />, filtersSlot)
            ) : (
              <div>
                <KeyFiltersSheet {...filterBar} />
              </div>
            )
          ) : (
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <KeyFilterBar {...filterBar} />
              </div>
              {project.languages.length > 2 ? (
                <div className="hidden shrink-0 sm:block">
                  <ColumnPicker
                    languages={project.languages.filter((code) => code !== source)}
                    selected={language}
                    extra={extraColumns}
                    onChange={setExtraColumns}
                  />
                </div>
              ) : null}
            </div>
          )}
          {/* On a branch the bar starts and shows the branch's batches (BRANCH_PROCEDURES). */}
          {language !== source && (completion.data || batch.jobFor(language)) ? (
            <BatchTranslateBar
              languageLabel={languageName(language)}
              state={batchState}
              toTranslate={keysToTranslate(batchState, replacesPseudo)}
              filtered={filterKey !== ""}
              canBatchTranslate={flags.canBatchTranslate}
              onStart={() =>
                batch.start(
                  language,
                  keysToTranslate(batchState, replacesPseudo),
                  filterKey !== "" ? filters : undefined,
                )
              }
              onCancel={() => batch.cancel(language)}
            />
          ) : null}
          {/* Only those who can set the server up are told how (issue 19). */}
          {flags.canBatchTranslate ? <AiProviderNotice /> : null}
          {selection.size > 0 ? (
            <SelectionBar
              projectId={project.id}
              selection={selection}
              onDeselect={() => setSelection(new Set())}
            />
          ) : null}
          {searching ? (
            <p className="flex items-center gap-2 text-xs text-muted" role="status">
              <Spinner /> Searching…
            </p>
          ) : null}
          {query !== "" && !searchesText(query) ? (
            <p className="text-xs text-muted">
              Searches of fewer than 3 letters or digits look at key names only.
            </p>
          ) : null}
          {body}
          {loadingMore ? (
            <p className="flex items-center gap-2 text-xs text-muted" role="status">
              <Spinner /> Loading more keys…
            </p>
          ) : null}
          {loadFailed ? (
            <p className="flex items-center gap-2 text-xs text-danger" role="alert">
              {LOAD_KEYS_FAILED}
              <Button size="sm" variant="outline" onClick={() => void keysQuery.refetch()}>
                Retry
              </Button>
            </p>
          ) : null}
        </div>
        <KeyFormDialog
          projectId={project.id}
          sourceLanguage={source}
          editing={renaming}
          open={renaming !== null}
          onOpenChange={(open) => {
            if (!open) setRenaming(null);
          }}
        />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title="Delete key?"
          description={
            <>
              Are you sure you want to delete{" "}
              <span className="font-mono text-foreground">{deleting?.key}</span> and all its translations?
              This action cannot be undone.
            </>
          }
          confirmLabel="Delete"
          destructive
          loading={deleteKey.isPending}
          onConfirm={confirmDelete}
        />
        <UnsavedChangesDialog editing={editing} />
      </DisabledChecksProvider>
    </EditingContext.Provider>
  );
}
