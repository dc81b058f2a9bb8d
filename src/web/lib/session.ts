import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "../../shared/schemas/auth.ts";
import { api } from "./api.ts";
import { queryKeys } from "./query-keys.ts";

/**
 * The signed-in user, or null. Asked of `auth.session`, not `auth.me`, whose 401 for a visitor would
 * be a failed request in the console of every anonymous page load.
 */
export async function fetchMe(): Promise<Me | null> {
  const { me } = await api.auth.session();
  return me;
}

export function meQueryOptions() {
  return queryOptions({ queryKey: queryKeys.me(), queryFn: fetchMe, staleTime: 60_000 });
}

/** The signed-in user with profile and teams, or null when signed out. Shared by every screen. */
export function useMe() {
  return useQuery(meQueryOptions());
}

export function displayName(me: Me): string {
  const full = [me.profile?.firstName, me.profile?.lastName].filter(Boolean).join(" ").trim();
  return full !== "" ? full : me.user.email;
}
