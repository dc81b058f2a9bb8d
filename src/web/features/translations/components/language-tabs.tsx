import { CircleCheck, Plus } from "lucide-react";
import type { KeyboardEvent } from "react";
import { languageName } from "../../../../shared/languages.ts";
import type { LanguageCompletion, Project } from "../../../../shared/schemas/projects.ts";
import { ProgressCircle } from "../../../components/ui/progress-circle.tsx";
import { cn } from "../../../lib/cn.ts";

export interface LanguageTabsProps {
  project: Project;
  completion: LanguageCompletion[] | undefined;
  selected: string;
  onSelect: (code: string) => void;
  /** Opens Add Language; given only to those who may edit languages (canEditLanguages). */
  onAddLanguage?: (() => void) | undefined;
}

/** The tab that ArrowLeft/ArrowRight/Home/End moves to from tab `index` of `count` (wrapping), or null. */
export function tabIndexAfterKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * One tab per project language: progress circle, missing count, 'Source' label, Complete state.
 * Keyboard as in the WAI-ARIA tabs pattern: only the selected tab is in the Tab order, the arrow
 * keys (and Home/End) move the focus between tabs, Enter or Space selects (manual activation: a
 * language switch loads that language's strings). '+ Add language' follows the tabs, outside the
 * tablist (it opens a dialog, it selects nothing): adding a language is found where languages are
 * (issue 34), not only under Project Settings.
 */
export function LanguageTabs({ project, completion, selected, onSelect, onAddLanguage }: LanguageTabsProps) {
  const byCode = new Map((completion ?? []).map((entry) => [entry.code, entry]));
  // The one tab in the Tab order (the first, should the selection not be one of the languages).
  const tabStop = project.languages.includes(selected) ? selected : project.languages[0];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const index = tabs.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const next = tabIndexAfterKey(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    tabs[next]?.focus();
  };
  return (
    // The tabs and '+ Add language' flow as words do: they wrap, not scroll sideways, so on a phone
    // every language stays in view (issue 19), and the button sits after the last tab on its line
    // (a line of its own pushed the keys down, issue 34).
    <div className="border-b border-border leading-none">
      <div role="tablist" aria-label="Languages" className="inline" onKeyDown={onKeyDown}>
        {project.languages.map((code) => {
          const state = byCode.get(code);
          const isSource = code === project.sourceLanguage;
          const active = code === selected;
          const fraction =
            state && state.totalKeys > 0 ? state.translatedKeys / state.totalKeys : state ? 1 : 0;
          return (
            <button
              key={code}
              type="button"
              role="tab"
              aria-selected={active}
              tabIndex={code === tabStop ? 0 : -1}
              data-language={code}
              onClick={() => onSelect(code)}
              className={cn(
                // A little tighter on a phone, where the tabs often take two or three rows.
                "-mb-px mr-1 inline-flex items-center gap-1.5 border-b-2 px-2 py-1.5 align-bottom text-sm transition-colors sm:gap-2 sm:px-3 sm:py-2",
                "focus-visible:outline-2 focus-visible:outline-ring",
                active
                  ? "border-brand-600 font-medium text-foreground"
                  : "border-transparent text-muted hover:text-foreground",
              )}
            >
              {state?.isComplete ? (
                <CircleCheck className="size-4 text-success" aria-hidden="true" />
              ) : (
                <ProgressCircle value={fraction} className="text-brand-600" />
              )}
              <span>{languageName(code)}</span>
              {isSource ? (
                <span className="rounded-full bg-brand-50 px-1.5 py-0.5 text-[11px] font-medium text-brand-700">
                  Source
                </span>
              ) : null}
              {state ? (
                state.isComplete ? (
                  <span className="text-xs text-success">Complete</span>
                ) : state.missingKeys === 0 && state.pseudoKeys > 0 ? (
                  // Filled with pseudo-localization: not translated, and never shown as complete.
                  <span className="text-xs text-warning">{state.pseudoKeys.toLocaleString("en")} pseudo</span>
                ) : (
                  <span className="text-xs text-muted">{state.missingKeys.toLocaleString("en")} missing</span>
                )
              ) : null}
            </button>
          );
        })}
      </div>
      {onAddLanguage ? (
        <button
          type="button"
          onClick={onAddLanguage}
          title="Add language"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 align-bottom text-sm text-muted transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:px-3 sm:py-2"
        >
          <Plus className="size-4" aria-hidden="true" />
          {/* On a phone the sign alone: the tabs keep the width. */}
          <span className="sr-only sm:not-sr-only">Add language</span>
        </button>
      ) : null}
    </div>
  );
}
