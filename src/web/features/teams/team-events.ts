import { useEffect, useRef } from "react";

/**
 * The window events that drive the Team screen (spec point 2): the toolbar (or anything else)
 * dispatches them; the screen listens and checks the permission each one needs.
 */
export interface TeamEventMap {
  /** The members search: carries the query. */
  "update-search-query": { searchQuery: string };
  /** Opens the Invite Team Member dialog; needs canAddUsers. */
  "open-invite-dialog": undefined;
  /** Opens the Edit Team dialog; needs canEditTeamInfo. */
  "open-edit-team-dialog": undefined;
}
export type TeamEventName = keyof TeamEventMap;

export function dispatchTeamEvent<K extends TeamEventName>(
  name: K,
  ...detail: TeamEventMap[K] extends undefined ? [] : [TeamEventMap[K]]
): void {
  window.dispatchEvent(new CustomEvent(name, { detail: detail[0] }));
}

/** Listens to one team event on window while mounted; always calls the latest handler. */
export function useTeamEvent<K extends TeamEventName>(name: K, handler: (detail: TeamEventMap[K]) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<TeamEventMap[K]>).detail);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name]);
}
