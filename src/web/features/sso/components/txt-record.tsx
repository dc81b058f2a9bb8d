import { DOMAIN_TXT_PREFIX, type TeamDomain } from "../../../../shared/schemas/sso.ts";
import { CopyButton } from "../../../components/ui/snippet.tsx";

/**
 * The DNS record that proves the team owns a domain, each part copyable. The copy buttons name the
 * domain: with two domains waiting, "Copy name" twice would not say which.
 */
export function TxtRecord({ domain }: { domain: TeamDomain }) {
  const rows = [
    { term: "Type", value: "TXT", copy: null },
    { term: "Name", value: domain.txtName, copy: `TXT record name for ${domain.domain}` },
    { term: "Value", value: domain.txtValue, copy: `TXT record value for ${domain.domain}` },
  ];
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        Add this TXT record at your DNS host, then press Verify. Some DNS hosts add the domain to the name
        themselves: there, enter only <code className="font-mono text-foreground">{DOMAIN_TXT_PREFIX}</code>.
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-md border border-border bg-surface-muted px-3 py-2 text-xs sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
        {rows.map((row) => (
          // A div per pair keeps the list valid HTML; `contents` leaves the pairs to the grid.
          <div key={row.term} className="contents">
            <dt className="font-medium text-muted">{row.term}</dt>
            <dd className="mb-1 flex min-h-6 min-w-0 items-center gap-2 sm:mb-0">
              <code className="min-w-0 flex-1 font-mono break-all text-foreground">{row.value}</code>
              {row.copy ? <CopyButton text={row.value} label={row.copy} /> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
