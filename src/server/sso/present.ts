import { domainTxtName, domainTxtValue, type TeamDomain } from "../../shared/schemas/sso.ts";
import type { DomainRow } from "./queries.ts";

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentDomain(row: DomainRow): TeamDomain {
  return {
    id: row.id,
    domain: row.domain,
    verified: row.verified_at !== null,
    verifiedAt: row.verified_at === null ? null : iso(row.verified_at),
    txtName: domainTxtName(row.domain),
    txtValue: domainTxtValue(row.token),
  };
}
