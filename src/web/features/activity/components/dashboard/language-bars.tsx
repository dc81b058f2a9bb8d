import { useId, useState } from "react";
import { languageName } from "../../../../../shared/languages.ts";
import type { DashboardLanguage } from "../../../../../shared/schemas/dashboard.ts";
import { Button } from "../../../../components/ui/button.tsx";
import { STATE_COLORS } from "./dashboard-colors.ts";
import { formatCount, type LanguageSegments, percent, segmentsOf } from "./dashboard-numbers.ts";

const STATES: { key: keyof LanguageSegments; label: string }[] = [
  { key: "approved", label: "Approved" },
  { key: "translated", label: "Translated" },
  { key: "unverified", label: "Unverified AI" },
  { key: "missing", label: "Missing" },
];

/** Unverified AI is striped too, so it differs from translated without its colour. */
const STRIPES = "repeating-linear-gradient(135deg, transparent 0 4px, rgb(255 255 255 / 0.35) 4px 7px)";

function Swatch({ state }: { state: keyof LanguageSegments }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3 shrink-0 rounded-sm border border-border-strong"
      style={{
        backgroundColor: STATE_COLORS[state],
        backgroundImage: state === "unverified" ? STRIPES : undefined,
      }}
    />
  );
}

function Bars({ languages }: { languages: DashboardLanguage[] }) {
  return (
    <ul aria-label="Language bars" className="flex flex-col gap-3" data-testid="language-bars">
      {languages.map((language) => {
        const segments = segmentsOf(language);
        return (
          <li key={language.code} className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-foreground">
                {languageName(language.code)} <span className="text-muted">{language.code}</span>
              </span>
              <span className="text-muted">
                {percent(language.translated, language.total)}% translated of {formatCount(language.total)}
              </span>
            </div>
            {/* The bar is the picture of the numbers below it, which screen readers read instead. */}
            <div
              aria-hidden="true"
              className="flex h-3 overflow-hidden rounded-full border border-border-strong bg-surface-muted"
            >
              {STATES.map((state) =>
                segments[state.key] > 0 ? (
                  <span
                    key={state.key}
                    className="h-full"
                    style={{
                      width: `${(segments[state.key] / Math.max(1, language.total)) * 100}%`,
                      backgroundColor: STATE_COLORS[state.key],
                      backgroundImage: state.key === "unverified" ? STRIPES : undefined,
                    }}
                  />
                ) : null,
              )}
            </div>
            <p
              className="flex flex-wrap gap-x-3 text-xs text-muted"
              data-testid={`bar-numbers-${language.code}`}
            >
              {STATES.map((state) => (
                <span key={state.key}>
                  {state.label} {formatCount(segments[state.key])}
                </span>
              ))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The bars' numbers as a table, a group of rows per language: six columns of numbers do not fit a
 * 375 px screen, and a table that scrolls sideways is worse than a long one.
 */
function LanguagesTable({ id, languages }: { id: string; languages: DashboardLanguage[] }) {
  const rows = [...STATES, { key: "total", label: "Total" } as const];
  return (
    <div id={id} className="max-h-96 overflow-y-auto rounded border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">Where each language stands</caption>
        <thead className="sticky top-0 bg-surface">
          <tr>
            <th scope="col" className="px-3 py-1.5 text-left font-medium">
              Language
            </th>
            <th scope="col" className="px-3 py-1.5 text-left font-medium">
              State
            </th>
            <th scope="col" className="px-3 py-1.5 text-right font-medium">
              Strings
            </th>
          </tr>
        </thead>
        {languages.map((language) => {
          const segments = segmentsOf(language);
          return (
            <tbody key={language.code} className="border-t border-border">
              {rows.map((row, index) => (
                <tr key={row.key}>
                  {index === 0 ? (
                    <th
                      scope="rowgroup"
                      rowSpan={rows.length}
                      className="px-3 py-1 text-left align-top font-medium"
                    >
                      {languageName(language.code)}
                    </th>
                  ) : null}
                  <th scope="row" className="px-3 py-0.5 text-left font-normal text-muted">
                    {row.label}
                  </th>
                  <td className="px-3 py-0.5 text-right tabular-nums">
                    {formatCount(row.key === "total" ? language.total : segments[row.key])}
                  </td>
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/**
 * Per language a stacked bar approved / translated / unverified AI / missing, with a legend and its
 * numbers in words below it; "Show as table" puts the same numbers in a table. (A visually hidden
 * table does not fit: a table grows to its content, past a 375 px screen.)
 */
export function LanguageBars({ languages }: { languages: DashboardLanguage[] }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {STATES.map((state) => (
            <li key={state.key} className="flex items-center gap-1.5">
              <Swatch state={state.key} />
              {state.label}
            </li>
          ))}
        </ul>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? "Show as bars" : "Show as table"}
        </Button>
      </div>
      {asTable ? <LanguagesTable id={tableId} languages={languages} /> : <Bars languages={languages} />}
    </div>
  );
}
