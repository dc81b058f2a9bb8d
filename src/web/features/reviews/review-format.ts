/** A timestamp as the review views show it ("Mar 5, 2026, 8:30 AM"); the raw text if it is no date. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
