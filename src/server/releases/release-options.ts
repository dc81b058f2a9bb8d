import { languageName } from "../../shared/languages.ts";
import type { PullPlaceholderFormat } from "../../shared/schemas/pull.ts";
import {
  BRANCH_DEFAULT_ENVIRONMENT,
  branchReleaseRefusal,
  DEFAULT_ENVIRONMENT,
  type PublishReleaseBody,
  type ReleaseStringFilter,
} from "../../shared/schemas/releases.ts";
import type { BranchScope } from "../db/branch-scope.ts";
import { AppError } from "../errors.ts";
import type { ProjectRow } from "../teams/access.ts";

/** Who makes a release. */
export type Maker =
  | { trigger: "person"; userId: string }
  | { trigger: "review"; userId: string | null }
  | { trigger: "api"; keyName: string };

/** What a publish asks for, checked against the project and the branch it is made from. */
export interface ReleaseOptions {
  environment: string;
  languages: string[];
  only: ReleaseStringFilter;
  placeholderFormat: PullPlaceholderFormat;
}

/** A release's environment: as asked, else production for main and staging for a branch; checked. */
function environmentOf(asked: string | undefined, branch: BranchScope | undefined): string {
  const environment = asked ?? (branch ? BRANCH_DEFAULT_ENVIRONMENT : DEFAULT_ENVIRONMENT);
  const refusal = branchReleaseRefusal(branch?.name ?? null, environment);
  if (refusal) throw new AppError("validation_failed", refusal);
  return environment;
}

export function optionsOf(
  project: ProjectRow,
  body: PublishReleaseBody,
  branch: BranchScope | undefined,
): ReleaseOptions {
  const languages = body.languages ? [...new Set(body.languages)] : project.languages;
  for (const code of languages) {
    if (!project.languages.includes(code)) {
      throw new AppError(
        "validation_failed",
        `${languageName(code)} (${code}) is not a language of this project`,
      );
    }
  }
  return {
    environment: environmentOf(body.environment, branch),
    // In the project's order, as the files and the screen list them.
    languages: project.languages.filter((code) => languages.includes(code)),
    only: body.only ?? "all",
    placeholderFormat: body.placeholderFormat ?? "web",
  };
}
