import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { languageName } from "../../../../../shared/languages.ts";
import { DASHBOARD_DAYS as DAYS } from "../../../../../shared/schemas/dashboard.ts";
import { lineStyle } from "./dashboard-colors.ts";
import type { ProgressRow } from "./dashboard-numbers.ts";

const HEIGHT = 224;
const DAY_SECONDS = 86_400;
const AXIS = {
  stroke: "#67676f",
  grid: { stroke: "#e4e4e7", width: 1 },
  ticks: { stroke: "#e4e4e7", width: 1 },
};

/** uPlot's columns: days in Unix seconds, then one column per language (null before its first snapshot). */
function columns(rows: ProgressRow[], codes: string[]): uPlot.AlignedData {
  const days = rows.map((row) => Date.parse(`${row.day}T00:00:00Z`) / 1000);
  return [days, ...codes.map((code) => rows.map((row) => row.values[code] ?? null))];
}

/**
 * The line chart itself, on a canvas sized to its container (so it fits 375 px). Loaded lazily by
 * progress-chart.tsx, which gives it its legend and table; uPlot's own legend is off.
 */
export default function ProgressLineChart({ rows, codes }: { rows: ProgressRow[]; codes: string[] }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const data = columns(rows, codes);
    const last = data[0].at(-1) ?? Date.now() / 1000;
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      // Always the 90 days up to the last snapshot: uPlot would spread a project's first day over years.
      scales: { x: { time: true, range: [last - (DAYS - 1) * DAY_SECONDS, last] }, y: { range: [0, 100] } },
      axes: [
        { ...AXIS, space: 60 },
        { ...AXIS, size: 52, values: (_chart, ticks) => ticks.map((tick) => `${tick}%`) },
      ],
      series: [
        {},
        ...codes.map((code, index) => {
          const style = lineStyle(index);
          return { label: languageName(code), stroke: style.color, dash: style.dash, width: 2 };
        }),
      ],
    };
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [rows, codes]);

  return <div ref={container} className="w-full min-w-0 overflow-hidden" />;
}
