import type { GlossaryEntry } from "../../shared/glossary/match.ts";
import { CHECK_IDS, type CheckId, runChecks } from "../../shared/quality/checks.ts";
import type { FailedCheck } from "../../shared/schemas/v1-translator.ts";
import type { ProjectRow } from "../teams/access.ts";

/**
 * The quality checks an agent is told a text fails (issue 36): the editor's findings (the same
 * module the stored checks come from), with their messages and safe fixes, for the checks the
 * project has on. Stored checks are ids only; an agent needs to know what to change.
 */

export interface AgentCheckScope {
  sourceLanguage: string;
  glossary: readonly GlossaryEntry[];
  disabled: ReadonlySet<CheckId>;
}

export function agentCheckScope(project: ProjectRow, glossary: readonly GlossaryEntry[]): AgentCheckScope {
  const off = new Set(project.disabled_checks);
  return {
    sourceLanguage: project.source_language,
    glossary,
    disabled: new Set(CHECK_IDS.filter((id) => off.has(id))),
  };
}

/** What the checks need of a text and its key. */
export interface CheckedText {
  language: string;
  value: string | null;
  /** The key's source text ("" when it has none). */
  source: string;
  maxLength: number | null;
  /** A list or number kept from a file is not text: never checked. */
  json: boolean;
}

export function failedChecks(scope: AgentCheckScope, text: CheckedText): FailedCheck[] {
  if (text.value === null || text.value === "" || text.json) return [];
  const isSource = text.language === scope.sourceLanguage;
  return runChecks(
    {
      source: isSource ? undefined : text.source,
      value: text.value,
      sourceLanguage: scope.sourceLanguage,
      language: text.language,
      maxLength: text.maxLength,
      glossary: scope.glossary,
    },
    scope.disabled,
  ).map((finding) => ({
    id: finding.id,
    severity: finding.severity,
    message: finding.message,
    ...(finding.fix !== undefined ? { fix: finding.fix } : {}),
  }));
}
