import type { Command } from "./options.ts";

/** The help of each command, printed by `sprog <command> --help`. */
const CONFIG = `Every command but "pull --format …" reads sprog.config.json in the current directory
(or --config <file>); paths in it are relative to it. The API key comes from the environment
variable SPROG_API_KEY only, never the file. Example:
  {
    "$schema": "./node_modules/sprog/schemas/sprog.config.schema.json",
    "host": "https://sprog.example.com",
    "files": [{ "path": "src/locales/{lang}.json", "format": "json" }]
  }
"project" (id or name) is optional: when set, each command first checks that SPROG_API_KEY is
a key of that project. Patterns: {lang} (de, pt-BR) or {android_lang} (de, pt-rBR; the source
language's file is in values/ without the suffix), e.g.
app/src/main/res/values-{android_lang}/strings.xml or ios/{lang}.lproj/Localizable.strings;
and {namespace} where a language has several files (locales/{lang}/{namespace}.json: each
file is pushed with its namespace, and pull writes each namespace's file).
"branch" (optional): the Sprog branch pull, push, status and check work on, a name such as
feature/checkout or "git" for the current git branch of the working directory (read from
.git/HEAD; when HEAD is detached, from GITHUB_HEAD_REF, GITHUB_REF_NAME, CI_COMMIT_REF_NAME or
BITBUCKET_BRANCH). The git branches main and master are Sprog's main; "mainBranch" names
another. --branch on the command line wins over the config.`;

const COMMON = `  --config <file>              the config file (default ./sprog.config.json)
  --host <url>                 overrides the config's host (env SPROG_HOST)
  --timeout <seconds>          give up on a request after this long (default 60)
  -h, --help                   show this help`;

const BRANCH = `  --branch <name>              a branch's strings instead of main's (e.g. feature/checkout;
                               "git": the current git branch; default: the config's "branch")`;

const EXIT_CODES = `Exit codes: 0 done or not modified, 1 network or server error, 2 bad usage,
3 API key missing/invalid/revoked (401), without the command's scope (403), or a branch merge a
project rule refuses (403: a protected base, a review needed first), 4 bad request
(400), 5 rate limited (429), 6 check found keys missing in the project, 7 bad sprog.config.json,
8 branch merge refused: conflicts not resolved.`;

export const HELP: Record<"main" | Command, string> = {
  main: `Usage: sprog <command> [options]

Commands:
  pull     write every mapped file for every project language (only files that changed)
  push     upload the source files (and with --translations the others)
  status   per language: keys, translated, missing, unverified, approved
  check    keys used in the code but missing in the project (and unused ones)
  release  publish an over-the-air release that apps load without a rebuild
  branch   list, create, merge or delete the project's branches

Run "sprog <command> --help" for a command's options.

${CONFIG}

${EXIT_CODES}
`,
  pull: `Usage: sprog pull [options]

Writes every file of sprog.config.json for every language of the project (POST /api/v1/pull),
only the files whose content changed. The ETags of the answers are kept in .sprog/etags.json:
while nothing changed in Sprog nothing is downloaded.

Options:
${BRANCH}
${COMMON}

One file without a config (as before sprog.config.json):
  --format <format>            json | strings | stringsdict | android (this mode needs it)
  --api-key <key>              the project API key (env SPROG_API_KEY)
  --placeholder-format <fmt>   web | ios | android (default: web for json, ios for strings
                               and stringsdict, android for android)
  --nested                     json: nested objects by the dots in keys (default: flat keys)
  --sort-keys                  keys by name (default: the order of the files they came from)
  --language <code>            one language, e.g. de; omitted: every language of the project
  --out <file or dir>          one language: the file (default ./{language}.{ext}; a directory
                               gets {language}.{ext} inside it).
                               All languages: a directory (existing, or ending in /) gets the
                               files extracted; anything else is where translations.zip is
                               written (default ./translations.zip)
  --etag-file <file>           remember the answer's ETag there and send it next time: when
                               nothing changed, nothing is downloaded or written
  --branch <name>              a branch's strings instead of main's ("git": the git branch)

${EXIT_CODES}

Examples:
  SPROG_API_KEY=sprog_… sprog pull
  SPROG_API_KEY=sprog_… sprog pull --host https://sprog.example.com --format json --language de --out src/locales/de.json
`,
  push: `Usage: sprog push [options]

Uploads each mapping's source-language file to POST /api/v1/push (the key needs the push scope).
Changed source texts replace the project's; one transaction per file, history origin "api".
With --branch (or the config's "branch") the files go to that branch, which the first push
starts from main when it does not exist yet.

Options:
${BRANCH}
  --dry-run                    answer what would change, change nothing
  --delete-missing             delete the project's keys the source file does not have
  --translations               also upload the other languages' files found on disk
  --overwrite                  with --translations: replace translations that differ
                               (default: only fill missing ones)
  --tags <a,b>                 tags for the keys the push adds
${COMMON}

${EXIT_CODES}
`,
  status: `Usage: sprog status [options]

Prints per language of the project: keys, translated, missing, unverified, approved
(GET /api/v1/status).

Options:
${BRANCH}
${COMMON}

${EXIT_CODES}
`,
  check: `Usage: sprog check [--src <glob>]… [options]

Finds the keys the code uses and compares them with the project's (GET /api/v1/keys):
i18next t('…') and i18nKey, react-intl <FormattedMessage id="…"> and id: '…', vue-i18n $t('…'),
Android R.string.name and @string/name, iOS NSLocalizedString("…") and String(localized: "…"),
plus check.patterns of the config (regular expressions with one capture group: the key).
Keys used but missing in the project: exit 6. Keys in the project unused in the code: a warning.

Options:
  --src <glob>                 files to read, relative to the config file; ** * ? {a,b}
                               (repeatable; default: check.src of the config)
${BRANCH}
${COMMON}

${EXIT_CODES}
`,
  release: `Usage: sprog release [options]

Publishes an over-the-air release (POST /api/v1/releases): a numbered snapshot of the project's
translations that apps using @sprog/i18next load through the environment's manifest, without a
rebuild. The environment's manifest names it at once; roll back on the project's Releases screen.
SPROG_API_KEY needs the release scope.

Options:
${COMMON}
  --environment <name>         e.g. production (default) or staging
  --language <codes>           the languages, comma-separated, e.g. en,de (default: all)
  --only <which>               all (default) | approved (strings approved in a review) |
                               passing_checks (strings without failing quality checks)
  --placeholder-format <fmt>   web (default) | ios | android
  --branch <name>              a branch's strings instead of main's, for a staging app (e.g.
                               feature/checkout; "git": the current git branch). Its
                               environment defaults to staging and may not be production.
                               Only this option names it: the config's "branch" is not read

${EXIT_CODES}
`,
  branch: `Usage: sprog branch list|create|merge|delete [<name>] [options]

A branch holds only what changed on it and merges into the branch it came from (main, unless
--from said otherwise), as its code does on a git branch. "sprog push --branch <name>" starts
one too. list needs the pull scope, the others the push scope.

  list                         the live branches: what each added, changed and deleted
  create <name>                start a branch from main (or --from <base>)
  merge [<name>]               merge the branch into its base (after the pull request merges).
                               While a string changed on both sides is unresolved: exit 8
  delete [<name>]              delete the branch: archived with its changes, not lost
merge and delete without a name take --branch, else the config's "branch" ("git": the
current git branch, or in CI the pull request's).

Options:
  --from <base>                create: the branch to start from (default main)
  --take branch|base           merge: every unresolved conflict takes the branch's text or
                               the base's (default: refuse, exit 8, and say which keys)
${BRANCH}
${COMMON}

${EXIT_CODES}

Examples:
  SPROG_API_KEY=sprog_… sprog branch create feature/checkout
  SPROG_API_KEY=sprog_… sprog branch merge feature/checkout --take branch
`,
};
