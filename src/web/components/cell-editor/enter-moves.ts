import { useCallback, useSyncExternalStore } from "react";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage-keys.ts";

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => readStorage(STORAGE_KEYS.enterMovesToNextKey) === "true";

/**
 * The cell editor's "Enter: next key" mode (issue 34): Enter saves and opens the next key's cell in
 * the same language, as Tab does, for a translator going down a column. Remembered in this browser.
 */
export function useEnterMovesToNextKey(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, current, () => false);
  const set = useCallback((next: boolean) => {
    writeStorage(STORAGE_KEYS.enterMovesToNextKey, next ? "true" : null);
    for (const listener of listeners) listener();
  }, []);
  return [on, set];
}
