import type { StorageEntry } from "../content/storage-inventory.ts";

/** Cookies or local storage keys as a list of cards: reads well on a phone, unlike a wide table. */
export function StorageList({ label, entries }: { label: string; entries: StorageEntry[] }) {
  return (
    <ul aria-label={label} className="list-none! gap-3! pl-0!">
      {entries.map((entry) => (
        <li key={entry.name} className="rounded-lg border border-border p-4">
          <p className="mb-2">
            <code>{entry.name}</code>
          </p>
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[5rem_1fr]">
            <dt className="font-medium text-muted">Purpose</dt>
            <dd>{entry.purpose}</dd>
            <dt className="font-medium text-muted">Kept</dt>
            <dd>{entry.kept}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
