/**
 * @sprog/i18next: Sprog's over-the-air releases for i18next (`SprogBackend`) and in-context
 * editing (`sprogInContext`, whose editor is a separate chunk loaded only when it starts).
 */
export {
  type BundledTranslations,
  type Resources,
  SprogBackend,
  type SprogBackendOptions,
} from "./backend.ts";
export type { CacheStorage } from "./cache.ts";
export {
  type InContextSession,
  type SprogInContextOptions,
  sprogInContext,
} from "./in-context-loader.ts";
