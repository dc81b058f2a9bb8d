import type { i18n as I18n, PostProcessorModule } from "i18next";
import { EDIT_QUERY_PARAMETER, tokenStorageKey } from "./constants.ts";
import { createKeyRegistry, encodeMarker, type KeyRegistry } from "./markers.ts";

export interface SprogInContextOptions {
  /** The Sprog server (not a CDN): the sign-in popup and the editing API are there. */
  url: string;
  /** The project's id (its address in Sprog: /projects/{id}). */
  projectId: string;
  /**
   * Start on every page load, e.g. `import.meta.env.DEV`. Without it, `?sprog-edit` in the page's
   * address starts it, and a sign-in keeps it on for the browser tab.
   */
  enabled?: boolean;
}

/** A running in-context editor. */
export interface InContextSession {
  /** Removes the editor from the page and stops marking texts. */
  stop(): void;
}

/** What the in-context chunk is given: the keys' numbers and the switch of the markers. */
export interface MarkerControl {
  keys: KeyRegistry;
  /** Turns the markers on or off and has i18next's users (react-i18next) render again. */
  setActive(active: boolean): void;
}

/** The post-processor's name in i18next. */
export const MARKER_POST_PROCESSOR = "sprogInContext";

interface ResolvedOptions {
  ns?: string | readonly string[];
  i18nResolved?: { usedKey?: string; usedNS?: string };
}

function wanted(options: SprogInContextOptions): boolean {
  if (options.enabled) return true;
  try {
    return (
      new URLSearchParams(globalThis.location?.search).has(EDIT_QUERY_PARAMETER) ||
      globalThis.sessionStorage?.getItem(tokenStorageKey(options.projectId)) != null
    );
  } catch {
    return false;
  }
}

/**
 * In-context editing: call after `i18n.init(...)`. It adds an i18next post-processor that does
 * nothing until editing starts, and starts editing (a chunk loaded on demand: the page's bundle
 * does not carry it) when `enabled` is true, the address has `?sprog-edit` or the tab holds a
 * sign-in for the project. It never takes an API key: people sign in to Sprog in a popup.
 */
export function sprogInContext(
  i18n: I18n,
  options: SprogInContextOptions,
): Promise<InContextSession | undefined> {
  if (!options.url || !options.projectId) return Promise.resolve(undefined);
  const keys = createKeyRegistry();
  let active = false;
  const marker: PostProcessorModule = {
    type: "postProcessor",
    name: MARKER_POST_PROCESSOR,
    process(value, key, translateOptions) {
      if (!active || typeof value !== "string") return value;
      const { ns, i18nResolved } = translateOptions as ResolvedOptions;
      const name = i18nResolved?.usedKey ?? (Array.isArray(key) ? key[0] : key);
      const namespace = i18nResolved?.usedNS ?? ([ns ?? i18n.options.defaultNS].flat()[0] || "translation");
      return value + encodeMarker(keys.id(String(namespace), String(name)));
    },
  };
  i18n.use(marker);
  const postProcess = i18n.options.postProcess;
  if (![postProcess].flat().includes(MARKER_POST_PROCESSOR)) {
    i18n.options.postProcess = [...(postProcess ? [postProcess].flat() : []), MARKER_POST_PROCESSOR];
  }
  if (!wanted(options)) return Promise.resolve(undefined);

  const passResolved = i18n.options.postProcessPassResolved;
  const control: MarkerControl = {
    keys,
    setActive(on) {
      active = on;
      // The key and namespace i18next resolved (not the ones asked, which may be fallbacks).
      i18n.options.postProcessPassResolved = on || passResolved;
      if (i18n.language) i18n.emit("languageChanged", i18n.language);
    },
  };
  return import("./in-context/index.ts")
    .then(({ startInContext }) => startInContext(i18n, options, control))
    .catch((error: unknown) => {
      console.warn("Sprog in-context editing could not start", error);
      return undefined;
    });
}
