import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "../../shared/schemas/auth.ts";
import { api } from "./api.ts";
import { ApiError } from "./api-client.ts";
import { queryKeys } from "./query-keys.ts";

/** GET /api/me; a 401 means "not signed in" and answers null instead of failing. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api.auth.me();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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
