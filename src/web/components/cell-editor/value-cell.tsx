import { Copy, Languages, Pencil, Sparkles } from "lucide-react";
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { toast } from "sonner";
import { type CheckId, runChecks } from "../../../shared/quality/checks.ts";
import type { KeyRow } from "../../../shared/schemas/keys.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";
import { CellEditor } from "./cell-editor.tsx";
import { useCellNavigation } from "./cell-navigation.tsx";
import { useCellServices } from "./cell-services.tsx";
import { useDisabledChecks } from "./disabled-checks.tsx";
import { useEditing } from "./editing-context.tsx";
import { aiFadeInMs } from "./fade-in.ts";
import { MachineBadge } from "./machine-badge.tsx";
import { QualityFindings } from "./quality-findings.tsx";
import { cellId } from "./use-cell-editing.ts";

export interface ValueCellProps {
  projectId: string;
  row: Pick<KeyRow, "id" | "key" | "strings" | "maxLength" | "translatable" | "valueType">;
  language: string;
  languageLabel: string;
  /** The source value to check placeholders against; undefined for the source column itself. */
  sourceValue: string | undefined;
  /** The project's source language, for the quality checks (absent: no language-specific rules). */
  sourceLanguage?: string;
  /** Quality checks the project turned off (issue 21). */
  disabledChecks?: readonly CheckId[];
  /** While the key list for this language is loading. */
  loading?: boolean;
  /** Render copy/edit/translate/history (only for the hovered or focused row). */
  showActions: boolean;
  onPin: (keyId: string | null) => void;
  /**
   * Shown under the value: the Overview's cell note (another feature's, through its extensions), a
   * review's verdict controls.
   */
  note?: ReactNode;
}

/** An action button's width (size-7), and the open-comment count's beside the comments icon. */
const ACTION_REM = 1.75;
const COUNT_REM = 0.75;

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Copied to clipboard");
  } catch {
    toast.error("Could not copy to the clipboard");
  }
}

/** One string of the table: text (never HTML), its actions, the placeholder flag, or the open editor. */
export function ValueCell({
  projectId,
  row,
  language,
  languageLabel,
  sourceValue,
  sourceLanguage,
  disabledChecks,
  loading,
  showActions,
  onPin,
  note,
}: ValueCellProps) {
  const editing = useEditing();
  const navigation = useCellNavigation();
  const cell = row.strings[language];
  const value = cell?.value ?? "";
  const label = `${languageLabel} of ${row.key}`;
  const id = cellId(row.id, language);
  const session = editing.session;
  const isOpen = session !== null && session.keyId === row.id && session.language === language;
  // A list or number kept from a file (issue 15) is shown, not edited: the file's type is its truth.
  const readOnly = row.valueType === "json";
  const { useGlossaryEntries } = useCellServices();
  const glossary = useGlossaryEntries(projectId);
  const projectDisabledChecks = useDisabledChecks();
  const offChecks = disabledChecks ?? projectDisabledChecks;
  // The quality checks (issue 21), the same module the server stores their ids with; a list or
  // number from a file is not text and is never checked.
  const findings = useMemo(
    () =>
      readOnly
        ? []
        : runChecks(
            {
              source: sourceValue,
              value,
              sourceLanguage: sourceLanguage ?? (sourceValue === undefined ? language : "und"),
              language,
              maxLength: row.maxLength,
              glossary,
            },
            offChecks,
          ),
    [readOnly, sourceValue, value, sourceLanguage, language, row.maxLength, glossary, offChecks],
  );
  const mismatch = findings.some((finding) => finding.id === "placeholders");
  const { useTranslateString, HistoryPopover, MemorySuggestions, WritingAssistant, CommentsButton } =
    useCellServices();
  // The source text shows the team's glossary terms underlined (issue 21); translations stay plain.
  const { GlossaryText } = useCellServices();
  const translate = useTranslateString(projectId);
  const [fadeMs, setFadeMs] = useState<number | undefined>();
  // The writing assistant works on source-language cells; its sparkles button opens the editor with
  // the action menu open (the flag only lives for the render that mounts the editor).
  const isSource = sourceValue === undefined;
  const canTranslate = sourceValue !== undefined && !readOnly && row.translatable !== false;
  // Copy, Edit, History, Comments, and the writing assistant or Translate: the room they take.
  const actionsWidthRem = ACTION_REM * (4 + (isSource || canTranslate ? 1 : 0)) + COUNT_REM;
  const tdRef = useRef<HTMLTableCellElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // When the editor closes (saved, discarded) with the focus in it, the focus went to the page with
  // the removed text field: put it back on the cell, so keyboard users keep their place in the table.
  const wasOpen = useRef(isOpen);
  useLayoutEffect(() => {
    const closed = wasOpen.current && !isOpen;
    wasOpen.current = isOpen;
    if (closed && (document.activeElement === null || document.activeElement === document.body)) {
      triggerRef.current?.focus({ preventScroll: true });
    }
  }, [isOpen]);
  const [assistOnOpen, setAssistOnOpen] = useState(false);
  useEffect(() => {
    if (assistOnOpen) setAssistOnOpen(false);
  }, [assistOnOpen]);
  // Tab and Shift+Tab save and move between keys, so the assistant above the text field is reached
  // with Alt+↑ (as the memory's suggestions below it are with Alt+↓).
  const assistantRef = useRef<HTMLDivElement>(null);
  const onEditorKeyDown = (event: KeyboardEvent<HTMLTableCellElement>) => {
    if (!event.altKey || event.key !== "ArrowUp" || !(event.target instanceof HTMLTextAreaElement)) return;
    const button = assistantRef.current?.querySelector<HTMLButtonElement>("button:not(:disabled)");
    if (!button) return;
    event.preventDefault();
    button.focus();
  };
  const focusEditor = () =>
    requestAnimationFrame(() => {
      const textarea = tdRef.current?.querySelector("textarea");
      textarea?.focus();
      textarea?.setSelectionRange(textarea.value.length, textarea.value.length);
    });

  const runTranslate = () => {
    const retranslating = value !== "";
    translate.mutate(
      { keyId: row.id, language },
      {
        onSuccess: (saved) => {
          setFadeMs(aiFadeInMs(saved.cell.value));
          editing.markSaved(row.id, language);
          toast.success("Translation updated");
        },
        onError: (error) => {
          toast.error(errorMessage(error, retranslating ? "Failed to re-translate" : "Failed to translate"));
        },
      },
    );
  };

  return (
    <td
      ref={tdRef}
      data-cell={id}
      data-editing={isOpen || undefined}
      data-flash={editing.flashing.has(id) || undefined}
      data-placeholder-mismatch={mismatch || undefined}
      onKeyDown={isOpen && isSource ? onEditorKeyDown : undefined}
      className={cn(
        "group/cell relative flex min-w-0 flex-1 basis-0 flex-col gap-1 rounded-md px-2 py-1.5 transition-colors duration-300",
        editing.flashing.has(id) && "bg-success-soft ring-1 ring-success/40",
        mismatch && !isOpen && "bg-amber-50/60",
      )}
    >
      {isOpen && session && isSource ? (
        <div ref={assistantRef}>
          <WritingAssistant
            keyId={row.id}
            language={language}
            text={session.draft}
            cellLabel={label}
            disabled={session.saving || session.theirs !== undefined}
            defaultMenuOpen={assistOnOpen}
            onAccept={editing.change}
            onDone={focusEditor}
          />
        </div>
      ) : null}
      {isOpen && session ? (
        <CellEditor
          label={label}
          draft={session.draft}
          saving={session.saving}
          changed={editing.changed}
          theirs={session.theirs}
          maxLength={row.maxLength}
          onChange={editing.change}
          onSave={() => editing.save()}
          onSaveAndMove={
            navigation
              ? (step) => editing.save({ thenOpen: () => navigation.neighbour(row.id, language, step) })
              : undefined
          }
          onDiscard={editing.discard}
          onKeepTheirs={editing.keepTheirs}
          onOverwrite={() => editing.save({ force: true })}
        />
      ) : (
        <>
          <div className="relative">
            <button
              ref={triggerRef}
              type="button"
              data-cell-trigger
              title={readOnly ? "A list or number from a file: read-only" : "Click to edit"}
              disabled={loading || readOnly}
              onClick={() => editing.begin(row.id, language, cell)}
              className="min-h-7 w-full cursor-text rounded-sm text-left text-sm break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
            >
              {loading ? (
                <span className="text-muted">…</span>
              ) : translate.isPending ? (
                <span className="text-muted italic">Translating…</span>
              ) : value === "" ? (
                <span className="text-muted italic">Empty</span>
              ) : fadeMs ? (
                <span key={value} className="animate-fade-in" style={{ animationDuration: `${fadeMs}ms` }}>
                  {value}
                </span>
              ) : isSource ? (
                <GlossaryText text={value} language={language} projectId={projectId} />
              ) : (
                value
              )}
              {/* Room for the actions at the end of the last line: they show there without covering
                  the text or moving anything (issue 34: laid over the text, they took its clicks). */}
              <span
                aria-hidden="true"
                data-action-room
                className="inline-block h-7 align-top"
                style={{ width: `${actionsWidthRem}rem` }}
              />
            </button>
            {/* One comments button in both states (its popover and focus survive the row's hover):
                in the actions, or alone as the open-comment count when they are hidden. */}
            <div
              data-cell-actions
              className={cn(
                "absolute right-0 bottom-0 flex h-7 items-center rounded-md",
                showActions && "bg-background/90 shadow-xs",
              )}
            >
              {showActions ? (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Copy ${label}`}
                    title="Copy"
                    disabled={value === ""}
                    onClick={() => void copyText(value)}
                  >
                    <Copy aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Edit ${label}`}
                    title="Edit"
                    disabled={loading || readOnly}
                    onClick={() => editing.begin(row.id, language, cell)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  {isSource ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={`Writing assistant for ${label}`}
                      title={value.trim() === "" ? "No text to improve" : "Writing assistant"}
                      disabled={loading || value.trim() === ""}
                      onClick={() => {
                        setAssistOnOpen(true);
                        editing.begin(row.id, language, cell);
                      }}
                    >
                      <Sparkles aria-hidden="true" />
                    </Button>
                  ) : null}
                  {canTranslate ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={`${value === "" ? "Translate" : "Re-translate"} ${label}`}
                      title={
                        sourceValue.trim() === ""
                          ? "No source text to translate"
                          : value === ""
                            ? "Translate with AI"
                            : "Re-translate with AI"
                      }
                      disabled={loading || translate.isPending || sourceValue.trim() === ""}
                      aria-busy={translate.isPending || undefined}
                      onClick={runTranslate}
                    >
                      <Languages aria-hidden="true" />
                    </Button>
                  ) : null}
                  <HistoryPopover
                    projectId={projectId}
                    keyId={row.id}
                    language={language}
                    cellLabel={label}
                    machine={row.strings[language]?.machine}
                    onRestored={() => editing.markSaved(row.id, language)}
                    onOpenChange={(open) => onPin(open ? row.id : null)}
                  />
                </>
              ) : null}
              <CommentsButton
                projectId={projectId}
                keyId={row.id}
                language={language}
                cellLabel={label}
                placement={showActions ? "actions" : "badge"}
                onOpenChange={(open) => onPin(open ? row.id : null)}
              />
            </div>
          </div>
          <QualityFindings
            findings={findings}
            disabled={loading}
            onFix={(fixed) => editing.saveValue(row.id, language, cell, fixed)}
          />
          {/* Machine output no person has checked (issue 19), in every table that shows the cell. */}
          {cell?.machine ? <MachineBadge machine={cell.machine} /> : null}
          {note}
        </>
      )}
      {isOpen && session && !isSource ? (
        <MemorySuggestions
          keyId={row.id}
          language={language}
          enabled={sourceValue.trim() !== ""}
          disabled={session.saving || session.theirs !== undefined}
          onUse={editing.change}
          onDone={focusEditor}
        />
      ) : null}
    </td>
  );
}
