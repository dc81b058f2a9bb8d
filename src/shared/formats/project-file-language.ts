import { LANGUAGES } from "../languages.ts";
import { guessLanguage } from "./file-language.ts";

const CATALOGUE_CODES = LANGUAGES.map((entry) => entry.code);

/**
 * The language a file's name says, as the Import dialog guesses it: the project's own languages
 * first, so `en-US.json` in a project with English is English, not a new regional language; then
 * the catalogue, where a regional code whose base language the project has is taken as that base.
 * Undefined when the name says nothing: never a silent default.
 */
export function guessProjectLanguage(
  fileName: string,
  projectLanguages: readonly string[],
): string | undefined {
  const guessed = guessLanguage(fileName, projectLanguages) ?? guessLanguage(fileName, CATALOGUE_CODES);
  if (guessed === undefined || projectLanguages.includes(guessed)) return guessed;
  const base = guessed.split("-")[0];
  return projectLanguages.find((code) => code === base) ?? guessed;
}
