import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamDomain } from "../../../../shared/schemas/sso.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** A domain to prove: answered with the TXT record to publish (201). */
export function addDomain(teamId: string, domain: string): Promise<TeamDomain> {
  return api.sso.addDomain({ params: { teamId }, body: { domain } });
}

/** Asks the server to look the TXT record up now; refused while it is not found. */
export function verifyDomain(teamId: string, domainId: string): Promise<TeamDomain> {
  return api.sso.verifyDomain({ params: { teamId, domainId } });
}

export function removeDomain(teamId: string, domainId: string): Promise<void> {
  return api.sso.removeDomain({ params: { teamId, domainId } }).then(() => undefined);
}

/**
 * The answers hold one domain, not the list (nor its order): the team's single sign-on is fetched
 * again instead of patched here.
 */
function useRefreshSso(teamId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.teamSso(teamId) });
}

export function useAddDomain(teamId: string) {
  const refresh = useRefreshSso(teamId);
  return useMutation({
    mutationKey: mutationKeys.sso.addDomain(teamId),
    mutationFn: (domain: string) => addDomain(teamId, domain),
    onSuccess: refresh,
  });
}

export function useVerifyDomain(teamId: string) {
  const refresh = useRefreshSso(teamId);
  return useMutation({
    mutationKey: mutationKeys.sso.verifyDomain(teamId),
    mutationFn: (domainId: string) => verifyDomain(teamId, domainId),
    onSuccess: refresh,
  });
}

export function useRemoveDomain(teamId: string) {
  const refresh = useRefreshSso(teamId);
  return useMutation({
    mutationKey: mutationKeys.sso.removeDomain(teamId),
    mutationFn: (domainId: string) => removeDomain(teamId, domainId),
    onSuccess: refresh,
  });
}
