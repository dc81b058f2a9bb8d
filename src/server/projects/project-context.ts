import type { Kysely } from "kysely";
import { languageName } from "../../shared/languages.ts";
import { detectProjectFormat, PLACEHOLDER_SAMPLES } from "../../shared/placeholders/project-format.ts";
import { type PlaceholderFormat, placeholderFormatSchema } from "../../shared/schemas/projects.ts";
import { DEFAULT_TONE } from "../../shared/schemas/tone.ts";
import type { ProjectGlossary, ProjectLanguages, ProjectTone } from "../../shared/schemas/v1-context.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { presentTerm } from "../glossary/present.ts";
import { selectTerms } from "../glossary/queries.ts";
import { selectProject } from "../pull/queries.ts";
import { selectSections, selectTeamTone } from "../tone/queries.ts";
import { selectPlaceholderTexts } from "./queries.ts";

/** The rule an agent follows whatever the format (the placeholders check holds translations to it). */
const PLACEHOLDER_RULE =
  "Keep every placeholder of the source text in the translation, written exactly as in the source text (same names, positions and types); move it where the language needs it, never translate or drop it. Write new source texts' placeholders in this project's format.";

/** The format settings start with: a project that kept it is read from its texts instead. */
const DEFAULT_FORMAT: PlaceholderFormat = "web";

/**
 * What every project API key may read of its project (issue 36): the team's glossary for the
 * project's languages, the tone of voice, and the languages with the placeholder format.
 */
export function createProjectContext(db: Kysely<DB>) {
  async function projectOf(projectId: string) {
    const project = await selectProject(db, projectId);
    // The key is deleted with its project, so this is a race with a deletion.
    if (!project) throw new AppError("unauthorized", "Invalid API key");
    return project;
  }

  return {
    async glossary(projectId: string): Promise<ProjectGlossary> {
      const project = await projectOf(projectId);
      const { rows } = await selectTerms(db, project.team_id, { offset: 0 });
      const languages = new Set(project.languages);
      return {
        sourceLanguage: project.source_language,
        terms: rows.map(presentTerm).map((term) => ({
          term: term.term,
          description: term.description,
          partOfSpeech: term.partOfSpeech,
          translations: Object.fromEntries(
            Object.entries(term.translations).filter(([code]) => languages.has(code)),
          ),
          caseSensitive: term.caseSensitive,
          doNotTranslate: term.doNotTranslate,
          forbidden: term.forbidden,
        })),
      };
    },

    async tone(projectId: string): Promise<ProjectTone> {
      const project = await projectOf(projectId);
      const [team, sections] = await Promise.all([
        selectTeamTone(db, project.team_id),
        selectSections(db, project.team_id),
      ]);
      return {
        productContext: team.tov_product_context,
        // What the AI is told when the team wrote none (ai/voice.ts): an agent writes alike.
        brandTone: team.tov_tone ?? DEFAULT_TONE,
        brandToneIsDefault: team.tov_tone === null,
        sections: sections.map((section) => ({
          title: section.title,
          description: section.description,
          rules: section.rules,
        })),
      };
    },

    /**
     * The placeholder format is the project's setting when it chose one; a project that kept the
     * default is read from its source texts (the format most of their placeholders are written
     * in), since nothing tells a kept default from a chosen one.
     */
    async languages(projectId: string): Promise<ProjectLanguages> {
      const project = await projectOf(projectId);
      const setting = placeholderFormatSchema.catch(DEFAULT_FORMAT).parse(project.placeholder_format);
      const texts = await selectPlaceholderTexts(db, project.id, project.source_language);
      const detected = detectProjectFormat(texts);
      const fromTexts = setting === DEFAULT_FORMAT && detected !== undefined;
      const format = fromTexts ? detected.format : setting;
      const example =
        detected?.format === format
          ? detected.example
          : { key: null, text: PLACEHOLDER_SAMPLES[format].example };
      return {
        project: { id: project.id, name: project.name },
        sourceLanguage: { code: project.source_language, name: languageName(project.source_language) },
        targetLanguages: project.languages
          .filter((code) => code !== project.source_language)
          .map((code) => ({ code, name: languageName(code) })),
        placeholders: {
          format,
          decidedBy: fromTexts ? "source texts" : "project setting",
          syntax: PLACEHOLDER_SAMPLES[format].syntax,
          example,
          rule: PLACEHOLDER_RULE,
        },
      };
    },
  };
}

export type ProjectContext = ReturnType<typeof createProjectContext>;
