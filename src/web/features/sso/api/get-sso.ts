import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SsoSettings } from "../../../../shared/schemas/sso.ts";
import { api } from "../../../lib/api.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

/** The team's provider (null: not set up), its domains, and the redirect URI for the provider. */
export function getSso(teamId: string): Promise<SsoSettings> {
  return api.sso.get({ params: { teamId } });
}

export function ssoQueryOptions(teamId: string) {
  return queryOptions({ queryKey: queryKeys.teamSso(teamId), queryFn: () => getSso(teamId) });
}

export function useSso(teamId: string) {
  return useQuery(ssoQueryOptions(teamId));
}
