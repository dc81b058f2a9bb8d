import { Fragment, type ReactNode, useMemo } from "react";
import { findTerms, type GlossaryEntry } from "../../../../shared/glossary/match.ts";
import { languageName } from "../../../../shared/languages.ts";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "../../../components/ui/tooltip.tsx";

export type GlossaryTextEntry = GlossaryEntry & { description?: string };

export interface GlossaryTextProps {
  text: string;
  /** The text's language (the project's source language). */
  language: string;
  entries: readonly GlossaryTextEntry[];
  /** The translations to show, in this order; all the term has when not given. */
  targetLanguages?: readonly string[] | undefined;
}

/** What a term means for translators: its description and approved translations, or its flag. */
function TermDetails({
  entry,
  targetLanguages,
}: {
  entry: GlossaryTextEntry;
  targetLanguages?: readonly string[] | undefined;
}) {
  const languages = (targetLanguages ?? Object.keys(entry.translations).sort()).filter(
    (code) => (entry.translations[code] ?? "") !== "",
  );
  return (
    <div className="flex flex-col gap-1">
      <p className="font-semibold">{entry.term}</p>
      {entry.description ? <p className="text-muted">{entry.description}</p> : null}
      {entry.doNotTranslate ? <p className="font-medium">Do not translate</p> : null}
      {entry.forbidden ? <p className="font-medium text-danger">Forbidden: do not use this term</p> : null}
      {!entry.doNotTranslate && languages.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
          {languages.map((code) => (
            <Fragment key={code}>
              <dt className="text-muted">{languageName(code)}</dt>
              <dd>{entry.translations[code]}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/**
 * Text with each glossary term in it (the one matcher, shared/glossary/match.ts) underlined with
 * dots; hovering or focusing a term shows what it means and how it is translated. Text only: no
 * HTML of the string is ever rendered.
 */
export function GlossaryText({ text, language, entries, targetLanguages }: GlossaryTextProps) {
  const matches = useMemo(
    () => (entries.length === 0 ? [] : findTerms(text, entries, language)),
    [text, entries, language],
  );
  if (matches.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    if (match.start > at) parts.push(text.slice(at, match.start));
    const entry = match.entry as GlossaryTextEntry;
    parts.push(
      <Tooltip key={`${match.start}-${entry.id}`}>
        <TooltipTrigger asChild>
          <span
            // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable, so keyboard users reach the details a pointer's hover shows
            tabIndex={0}
            data-glossary-term={entry.term}
            className={
              entry.forbidden
                ? "cursor-help underline decoration-danger decoration-dotted decoration-2 underline-offset-4"
                : "cursor-help underline decoration-brand-600 decoration-dotted decoration-2 underline-offset-4"
            }
          >
            {match.text}
          </span>
        </TooltipTrigger>
        <TooltipContent>
          <TermDetails entry={entry} targetLanguages={targetLanguages} />
        </TooltipContent>
      </Tooltip>,
    );
    at = match.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <TooltipProvider delayDuration={200}>{parts}</TooltipProvider>;
}
