import type { Dashboard, DashboardLanguage } from "../../../../../shared/schemas/dashboard.ts";

const integer = new Intl.NumberFormat("en");

export const formatCount = (value: number) => integer.format(value);

/** A share in whole percent, 0 of nothing. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

export interface LanguageSegments {
  approved: number;
  /** Translated and not approved. */
  translated: number;
  unverified: number;
  missing: number;
}

/** The four parts of a language's bar; they add up to its total. */
export function segmentsOf(language: DashboardLanguage): LanguageSegments {
  return {
    approved: language.approved,
    translated: Math.max(0, language.translated - language.approved),
    unverified: language.unverified,
    missing: language.missing,
  };
}

export interface ProgressRow {
  day: string;
  /** Percent translated per language code; absent before that language's first snapshot. */
  values: Record<string, number>;
}

/** The progress lines as one row per day (oldest first), the shape of both the chart and its table. */
export function progressRows(progress: Dashboard["progress"]): ProgressRow[] {
  const byDay = new Map<string, ProgressRow>();
  for (const line of progress) {
    for (const point of line.points) {
      const row = byDay.get(point.day) ?? { day: point.day, values: {} };
      row.values[line.code] = percent(point.translated, point.total);
      byDay.set(point.day, row);
    }
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** "2026-11" or "2026-11-01" as "November 2026". */
export function monthLabel(month: string): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return date.toLocaleDateString("en", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** "2026-11-05" as "Nov 5". */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });
}
