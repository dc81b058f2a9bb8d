import { FileText, Pencil, Trash2 } from "lucide-react";
import { memo } from "react";
import type { KeyRow as KeyRowData } from "../../../../shared/schemas/keys.ts";
import { ValueCell } from "../../../components/cell-editor/value-cell.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { useTranslationExtensions } from "../extensions.tsx";
import { KeyName } from "./key-name.tsx";

export interface ColumnLanguage {
  code: string;
  label: string;
}

export interface KeyRowProps {
  projectId: string;
  row: KeyRowData;
  source: ColumnLanguage;
  /** The target language columns: the selected language first, then the extra ones (issue 19). */
  targets: readonly ColumnLanguage[];
  /** Several columns scroll sideways: the key's cell stays in view (sticky). */
  wide?: boolean;
  targetLoading: boolean;
  selected: boolean;
  /** Render the row's actions (hovered or focused row). */
  showActions: boolean;
  /** Keeps the actions of a row rendered while one of its popovers is open (null: release). */
  onPin: (keyId: string | null) => void;
  canManageKeys: boolean;
  onToggle: (keyId: string, selected: boolean) => void;
  onEdit: (row: KeyRowData) => void;
  onDelete: (row: KeyRowData) => void;
}

/** One key: selection, name with rename/delete, the source string and each target language's string. */
export const KeyRow = memo(function KeyRow({
  projectId,
  row,
  source,
  targets,
  wide = false,
  targetLoading,
  selected,
  showActions,
  onPin,
  canManageKeys,
  onToggle,
  onEdit,
  onDelete,
}: KeyRowProps) {
  // The shared cell knows no feature: the note another feature adds under a value comes in as a node.
  const { CellNote, KeyNote } = useTranslationExtensions();
  const noteOf = (language: string) =>
    CellNote ? (
      <CellNote
        projectId={projectId}
        keyId={row.id}
        language={language}
        version={row.strings[language]?.version}
      />
    ) : undefined;
  // The screenshots button (with its count), then Edit and Delete: the room they take.
  const actionsWidthRem = (KeyNote ? 2.5 : 0) + (canManageKeys ? 3 : 0);
  return (
    <>
      <td
        className={
          wide
            ? "sticky left-0 z-[2] flex w-56 min-w-0 shrink-0 items-start gap-2 bg-background px-2 py-2 group-hover/row:bg-surface"
            : "flex w-[28%] min-w-0 shrink-0 items-start gap-2 px-2 py-2"
        }
      >
        <Checkbox
          className="mt-0.5"
          checked={selected}
          onCheckedChange={(checked) => onToggle(row.id, checked === true)}
          aria-label={`Select ${row.key}`}
        />
        <div className="min-w-0 flex-1">
          <div className="relative">
            <span className="block text-xs leading-5 text-foreground">
              {/* Its own element: the name is still found by its text alone. */}
              <KeyName name={row.key} />
              {row.namespace ? <NamespaceLabel namespace={row.namespace} /> : null}
              {row.branchChange ? <BranchChangeBadge change={row.branchChange} /> : null}
              {/* Room for the key's actions at the end of the name's last line: shown there, they
                  neither cover the name nor narrow it into other breaks when the row is hovered. */}
              {actionsWidthRem > 0 ? (
                <span
                  aria-hidden="true"
                  className="inline-block h-6 align-top"
                  style={{ width: `${actionsWidthRem}rem` }}
                />
              ) : null}
            </span>
            <div className="absolute right-0 bottom-0 flex h-6 items-center">
              {KeyNote ? (
                <KeyNote projectId={projectId} keyId={row.id} keyName={row.key} showActions={showActions} />
              ) : null}
              {canManageKeys && showActions ? (
                <span className="flex opacity-0 transition-opacity group-hover/row:opacity-100 focus-within:opacity-100">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={`Edit key ${row.key}`}
                    title="Edit key"
                    onClick={() => onEdit(row)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-6 text-danger hover:text-danger"
                    aria-label={`Delete key ${row.key}`}
                    title="Delete key"
                    onClick={() => onDelete(row)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </span>
              ) : null}
            </div>
          </div>
          <KeyMetadataLine row={row} />
        </div>
      </td>
      <ValueCell
        projectId={projectId}
        row={row}
        language={source.code}
        languageLabel={source.label}
        sourceValue={undefined}
        sourceLanguage={source.code}
        showActions={showActions}
        onPin={onPin}
        note={noteOf(source.code)}
      />
      {targets.map((target) => (
        <ValueCell
          key={target.code}
          projectId={projectId}
          row={row}
          language={target.code}
          languageLabel={target.label}
          sourceValue={row.strings[source.code]?.value ?? ""}
          sourceLanguage={source.code}
          loading={targetLoading}
          showActions={showActions}
          onPin={onPin}
          note={noteOf(target.code)}
        />
      ))}
    </>
  );
});

/**
 * The file a key belongs to, in a project of several files a language (issue 33); keys of the
 * default file have no namespace and show none.
 */
/** On a branch: the key is new there, or its name, details or strings changed there. */
function BranchChangeBadge({ change }: { change: "added" | "changed" }) {
  const added = change === "added";
  return (
    <span
      className={
        added
          ? "ml-1.5 inline-flex items-center rounded-sm border border-success/40 bg-success/10 px-1 align-top font-sans text-[11px] leading-5 font-medium whitespace-nowrap text-success"
          : "ml-1.5 inline-flex items-center rounded-sm border border-brand-600/40 bg-brand-600/10 px-1 align-top font-sans text-[11px] leading-5 font-medium whitespace-nowrap text-brand-600"
      }
      title={added ? "Added on this branch" : "Changed on this branch"}
    >
      <span className="sr-only"> </span>
      {added ? "New" : "Changed"}
      <span className="sr-only">{" on this branch"}</span>
    </span>
  );
}

function NamespaceLabel({ namespace }: { namespace: string }) {
  return (
    <span
      className="ml-1.5 inline-flex items-center gap-0.5 align-top font-sans text-[11px] leading-5 whitespace-nowrap text-muted"
      title={`In the file ${namespace}`}
    >
      <FileText className="size-3" aria-hidden="true" />
      <span className="sr-only">{" in the file "}</span>
      {namespace}
    </span>
  );
}

/** What translators are told about the key (issue 15): description, tags, limits. */
function KeyMetadataLine({ row }: { row: KeyRowData }) {
  const badges = [
    ...(row.translatable === false ? ["Not translatable"] : []),
    ...(row.valueType === "json" ? ["List or number, read-only"] : []),
    ...(row.maxLength !== undefined ? [`Max ${row.maxLength} characters`] : []),
    ...(row.context ? [`Context: ${row.context}`] : []),
    ...(row.tags ?? []),
  ];
  if (!row.description && badges.length === 0) return null;
  return (
    <>
      {row.description ? (
        <span className="mt-0.5 line-clamp-2 block text-xs text-muted" title={row.description}>
          {row.description}
        </span>
      ) : null}
      {badges.length > 0 ? (
        <span className="mt-1 flex flex-wrap gap-1">
          {badges.map((badge) => (
            <span
              key={badge}
              className="rounded-sm bg-surface-muted px-1.5 py-px text-[11px] leading-4 text-muted"
            >
              {badge}
            </span>
          ))}
        </span>
      ) : null}
    </>
  );
}
