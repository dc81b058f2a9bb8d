import { lazy, Suspense, useId, useMemo, useState } from "react";
import { languageName } from "../../../../../shared/languages.ts";
import type { Dashboard } from "../../../../../shared/schemas/dashboard.ts";
import { Button } from "../../../../components/ui/button.tsx";
import { dashArray, lineStyle } from "./dashboard-colors.ts";
import { dayLabel, progressRows } from "./dashboard-numbers.ts";

// The chart library (uPlot) loads with this chart only, never with the rest of the app.
const ProgressLineChart = lazy(() => import("./progress-line-chart.tsx"));

function ChartPlaceholder() {
  return <div aria-hidden="true" className="h-56 w-full animate-pulse rounded bg-surface-muted" />;
}

/**
 * Percent translated per language over the last 90 days, one line each, with a legend that shows each
 * line's colour and dash, and the same numbers as a table behind "Show as table".
 */
export function ProgressChart({ progress }: { progress: Dashboard["progress"] }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const rows = useMemo(() => progressRows(progress), [progress]);
  const codes = useMemo(() => progress.map((line) => line.code), [progress]);

  if (rows.length === 0) {
    return <p className="text-sm text-muted">The progress shows here from the first day's snapshot on.</p>;
  }
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ul aria-label="Languages" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {codes.map((code, index) => {
            const style = lineStyle(index);
            return (
              <li key={code} className="flex items-center gap-1.5">
                <svg aria-hidden="true" width="24" height="8" className="shrink-0">
                  <line
                    x1="0"
                    y1="4"
                    x2="24"
                    y2="4"
                    stroke={style.color}
                    strokeWidth="2"
                    strokeDasharray={dashArray(style.dash)}
                  />
                </svg>
                {languageName(code)}
              </li>
            );
          })}
        </ul>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? "Show as chart" : "Show as table"}
        </Button>
      </div>
      {asTable ? (
        <div id={tableId} className="max-h-72 overflow-auto rounded border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Percent translated per day</caption>
            <thead className="sticky top-0 bg-surface">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Day
                </th>
                {codes.map((code) => (
                  <th key={code} scope="col" className="px-3 py-1.5 font-medium">
                    {languageName(code)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.day} className="border-t border-border">
                  <th scope="row" className="px-3 py-1 font-normal whitespace-nowrap">
                    {dayLabel(row.day)}
                  </th>
                  {codes.map((code) => (
                    <td key={code} className="px-3 py-1 tabular-nums">
                      {row.values[code] === undefined ? "–" : `${row.values[code]}%`}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div
          id={tableId}
          role="img"
          aria-label="Line chart: percent translated per language over the last 90 days; the table lists the same numbers"
        >
          <Suspense fallback={<ChartPlaceholder />}>
            <ProgressLineChart rows={rows} codes={codes} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
