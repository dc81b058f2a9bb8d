import { languageName } from "../../../../../shared/languages.ts";
import type { DashboardLanguage } from "../../../../../shared/schemas/dashboard.ts";
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

/**
 * Per language a stacked bar approved / translated / unverified AI / missing, with its numbers in
 * words beside it. The bars are pictures (aria-hidden); screen readers get the table below them.
 */
export function LanguageBars({ languages }: { languages: DashboardLanguage[] }) {
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
        {STATES.map((state) => (
          <li key={state.key} className="flex items-center gap-1.5">
            <Swatch state={state.key} />
            {state.label}
          </li>
        ))}
      </ul>
      <ul className="flex flex-col gap-3" aria-hidden="true" data-testid="language-bars">
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
              <div className="flex h-3 overflow-hidden rounded-full border border-border-strong bg-surface-muted">
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
      <table className="sr-only">
        <caption>Where each language stands</caption>
        <thead>
          <tr>
            <th scope="col">Language</th>
            {STATES.map((state) => (
              <th key={state.key} scope="col">
                {state.label}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {languages.map((language) => {
            const segments = segmentsOf(language);
            return (
              <tr key={language.code}>
                <th scope="row">{languageName(language.code)}</th>
                {STATES.map((state) => (
                  <td key={state.key}>{formatCount(segments[state.key])}</td>
                ))}
                <td>{formatCount(language.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
