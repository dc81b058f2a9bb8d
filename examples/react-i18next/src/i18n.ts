import { SprogBackend, sprogInContext } from "@sprog/i18next";
import i18n from "i18next";
import ICU from "i18next-icu";
import { initReactI18next } from "react-i18next";
import de from "./locales/de.json";
import en from "./locales/en.json";

/**
 * i18next with Sprog. The texts are the Sprog pull API's JSON: flat keys ("home.title") and ICU
 * messages ("{count, plural, …}", "{name}"), which i18next-icu formats as they are.
 *
 * Configured at build time (Vite's env):
 * - VITE_SPROG_URL, VITE_SPROG_DISTRIBUTION (and VITE_SPROG_ENVIRONMENT, default production): read
 *   Sprog's releases over the air; without them the app shows the texts it was built with.
 * - VITE_SPROG_EDIT_URL, VITE_SPROG_PROJECT: in-context editing, on in development and with
 *   `?sprog-edit` in the address in any build.
 */
const env = import.meta.env;
const languages = ["en", "de"];
/** The texts the app ships with: what it shows until (or unless) it reaches a release. */
const bundled = { en: { translation: en }, de: { translation: de } };
const releases = env.VITE_SPROG_URL && env.VITE_SPROG_DISTRIBUTION;

i18n.use(ICU).use(initReactI18next);
if (releases) i18n.use(SprogBackend);

void i18n.init({
  lng: "en",
  fallbackLng: "en",
  supportedLngs: languages,
  // The files' keys are flat: "home.title" is one key, not "title" inside "home".
  keySeparator: false,
  ...(releases
    ? {
        backend: {
          url: env.VITE_SPROG_URL,
          distribution: env.VITE_SPROG_DISTRIBUTION,
          environment: env.VITE_SPROG_ENVIRONMENT || "production",
          bundled,
        },
      }
    : { resources: bundled }),
});

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language;
});

if (env.VITE_SPROG_EDIT_URL && env.VITE_SPROG_PROJECT) {
  void sprogInContext(i18n, {
    url: env.VITE_SPROG_EDIT_URL,
    projectId: env.VITE_SPROG_PROJECT,
    enabled: env.DEV,
  });
}

export { i18n, languages };
