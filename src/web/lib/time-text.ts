/**
 * How a moment is written beside something that happened then (a comment, a release): a short
 * relative time, and the exact one for its title.
 */

/**
 * "just now", "5 minutes ago", "yesterday"; older than a week: the date ("Dec 1, 2025"), or the time
 * of day (`older: "time"`) where the moments are grouped by day already (the Activity feed).
 */
export function relativeTime(iso: string, now: number = Date.now(), older: "date" | "time" = "date"): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return format.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return format.format(Math.round(seconds / 86_400), "day");
  return older === "time"
    ? new Date(iso).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" })
    : new Date(iso).toLocaleDateString("en", { dateStyle: "medium" });
}

/** The exact time, for a title: "Thursday, November 26, 2026 at 2:05 PM". */
export function exactTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime())
    ? iso
    : time.toLocaleString("en", { dateStyle: "full", timeStyle: "short" });
}
