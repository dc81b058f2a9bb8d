import type { CliConfig } from "../shared/cli-config.ts";
import { v1Contract } from "../shared/contract/v1.ts";
import type { ProjectStatus } from "../shared/schemas/push.ts";
import { CliError, EXIT } from "./exit.ts";
import { type ApiClient, callJson } from "./http.ts";

export type FileMapping = CliConfig["files"][number];

/**
 * The project's status (GET /api/v1/status), fetched once per run and branch: its languages and
 * source language, which pull (for Android's values/) and push (which file is the source) need,
 * and a branch's namespaces (a branch may add one). Without `branch`: main's, which a push to a
 * branch not started yet reads too.
 */
export function projectInfo(client: ApiClient, branch?: string): Promise<ProjectStatus> {
  client.status ??= new Map();
  const key = branch ?? "";
  let status = client.status.get(key);
  if (!status) {
    status = callJson(client, v1Contract.status, { query: branch === undefined ? {} : { branch } });
    client.status.set(key, status);
  }
  return status;
}

/**
 * A mapping's source language: its own `source`, else the project's. A key with only the push
 * scope cannot read the project's, so that 403 says how to do without it.
 */
export async function sourceOf(client: ApiClient, mapping: FileMapping, index: number): Promise<string> {
  if (mapping.source) return mapping.source;
  try {
    return (await projectInfo(client)).project.sourceLanguage;
  } catch (error) {
    if (error instanceof CliError && error.message.includes("(403)")) {
      throw new CliError(
        `${error.message}\nOr set "source" in files[${index}] of the config, so the project's source language need not be read.`,
        error.exitCode,
      );
    }
    throw error;
  }
}

/**
 * `project` in the config, when given, must be the key's project (its id or name): a key of
 * another project in the CI's secrets would otherwise push into the wrong one.
 */
export async function checkProject(client: ApiClient, config: CliConfig): Promise<void> {
  if (!config.project) return;
  const { project } = await projectInfo(client);
  if (config.project !== project.id && config.project !== project.name) {
    throw new CliError(
      `The config names project "${config.project}", but SPROG_API_KEY is a key of "${project.name}" (${project.id})`,
      EXIT.badConfig,
    );
  }
}
