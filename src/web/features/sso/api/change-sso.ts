import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SsoSettings, SsoSettingsBody } from "../../../../shared/schemas/sso.ts";
import { api } from "../../../lib/api.ts";
import { mutationKeys, queryKeys } from "../../../lib/query-keys.ts";

/** Sets up or changes the provider; the server reads its discovery document first. */
export function saveSso(teamId: string, body: SsoSettingsBody): Promise<SsoSettings> {
  return api.sso.save({ params: { teamId }, body });
}

/** Turns single sign-on off and forgets the provider; the domains stay. */
export function removeSso(teamId: string): Promise<SsoSettings> {
  return api.sso.remove({ params: { teamId } });
}

/** The answer is the whole of the team's single sign-on as it now is: shown at once, no second request. */
function storeSso(queryClient: QueryClient, teamId: string, sso: SsoSettings): void {
  queryClient.setQueryData(queryKeys.teamSso(teamId), sso);
}

export function useSaveSso(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.sso.save(teamId),
    mutationFn: (body: SsoSettingsBody) => saveSso(teamId, body),
    onSuccess: (sso) => storeSso(queryClient, teamId, sso),
  });
}

export function useRemoveSso(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.sso.remove(teamId),
    mutationFn: () => removeSso(teamId),
    onSuccess: (sso) => storeSso(queryClient, teamId, sso),
  });
}
