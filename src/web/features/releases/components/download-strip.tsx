import type { Release } from "../../../../shared/schemas/releases.ts";
import { downloadDays, downloadsSummary, downloadsTotal } from "../release-text.ts";

/**
 * A release's downloads: the total and a bar per day of the last 14. One image to assistive
 * technology, named by its text ("12 downloads in the last 14 days").
 */
export function DownloadStrip({ downloads, now }: { downloads: Release["downloads"]; now: number }) {
  const total = downloadsTotal(downloads);
  const days = downloadDays(downloads, now);
  const highest = Math.max(1, ...days.map((day) => day.count));
  const summary = downloadsSummary(total);
  return (
    <div role="img" aria-label={summary} title={summary} className="flex items-end gap-2">
      <span className="min-w-6 text-right tabular-nums">{total.toLocaleString("en")}</span>
      <span className="flex h-5 items-end gap-px" aria-hidden="true">
        {days.map((day) => (
          <span
            key={day.day}
            className={day.count > 0 ? "w-1 rounded-[1px] bg-brand-500" : "w-1 rounded-[1px] bg-border"}
            style={{
              height: `${day.count > 0 ? Math.max(15, Math.round((day.count / highest) * 100)) : 8}%`,
            }}
          />
        ))}
      </span>
    </div>
  );
}
