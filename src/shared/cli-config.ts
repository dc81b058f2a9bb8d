import { z } from "zod";
import { branchNameSchema } from "./schemas/branches.ts";
import { PULL_FORMATS, PULL_PLACEHOLDER_FORMATS } from "./schemas/pull.ts";

/**
 * `sprog.config.json` (issue 20): what `sprog pull`, `push`, `status` and `check` read. The CLI
 * (src/cli, bundled into bin/sprog.mjs) checks the file with this schema; editors check it with the
 * JSON Schema generated from it (schemas/sprog.config.schema.json, kept equal by a unit test).
 * The API key is never here: it comes from SPROG_API_KEY only, so the file can be committed.
 */

/** `"branch": "git"`: the branch is the working directory's git branch, not a fixed name. */
export const GIT_BRANCH = "git";

/** The placeholders a file pattern may contain. */
export const CLI_PATH_PLACEHOLDERS = ["{lang}", "{android_lang}", "{namespace}"] as const;

const languageCode = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
  .describe("a language code, e.g. en or pt-BR");

export const cliFileMappingSchema = z
  .object({
    path: z
      .string()
      .min(1)
      .regex(/\{(lang|android_lang)\}/)
      .describe(
        "Where the files are, relative to the config file, with {lang} (de, pt-BR) or {android_lang} (de, pt-rBR; the source language's file is in values/ without the suffix), and {namespace} where a language has several files (locales/{lang}/{namespace}.json: common, auth; each key belongs to its file).",
      ),
    format: z.enum(PULL_FORMATS).describe("The files' format."),
    source: languageCode.optional().describe("The source language (default: the project's)."),
    placeholderFormat: z
      .enum(PULL_PLACEHOLDER_FORMATS)
      .optional()
      .describe(
        "Placeholders written by pull (default: web for json, ios for strings, android for android).",
      ),
    nested: z.boolean().optional().describe("json: nested objects by the dots in keys (default: flat)."),
    sortKeys: z.boolean().optional().describe("Keys by name (default: the order they came in)."),
  })
  .strict();

export const cliConfigSchema = z
  .object({
    $schema: z.string().optional(),
    // A pattern rather than z.url(): only http(s) is meant, and editors' JSON Schema checks the same.
    host: z
      .string()
      .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/)
      .optional()
      .describe("Your Sprog's address, e.g. https://sprog.example.com (SPROG_HOST overrides it)."),
    project: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The project's id or name. The API key names the project; when this is set, every command first checks that it is the key's (which needs the pull scope).",
      ),
    branch: branchNameSchema
      .optional()
      .describe(
        'The Sprog branch pull, push, status and check work on (issue 39; --branch overrides it): a branch name, e.g. feature/checkout, or "git" for the current git branch of the working directory. Unset or main: the project itself.',
      ),
    mainBranch: branchNameSchema
      .optional()
      .describe('With "branch": "git", the git branch that is Sprog\'s main (default: main and master).'),
    files: z.array(cliFileMappingSchema).min(1).describe("The translation files, one mapping per pattern."),
    check: z
      .object({
        src: z.array(z.string().min(1)).optional().describe("Globs of the code `sprog check` reads."),
        patterns: z
          .array(z.string().min(1))
          .optional()
          .describe("Extra regular expressions, each with one capture group: the key."),
        ignore: z.array(z.string()).optional().describe("Keys never reported as unused."),
      })
      .strict()
      .optional(),
  })
  .strict();
export type CliConfig = z.infer<typeof cliConfigSchema>;

/** The JSON Schema shipped in the package (schemas/sprog.config.schema.json). */
export function cliConfigJsonSchema() {
  return {
    ...z.toJSONSchema(cliConfigSchema, { target: "draft-2020-12" }),
    title: "sprog.config.json",
  };
}
