import { v1Contract } from "../shared/contract/v1.ts";
import { MAIN_BRANCH } from "../shared/schemas/branches.ts";
import type { PublishReleaseKeyBody } from "../shared/schemas/releases.ts";
import type { Log } from "./context.ts";
import { type ApiClient, callJson } from "./http.ts";

/**
 * What `sprog release` was given; the server checks each value and names a bad one (exit 4).
 * `branch`: --branch's (main: undefined), the branch whose strings the release carries.
 */
export function releaseOptionsOf(
  values: {
    environment?: string | undefined;
    language?: string | undefined;
    only?: string | undefined;
    "placeholder-format"?: string | undefined;
  },
  branch?: string | undefined,
): PublishReleaseKeyBody {
  const languages = values.language
    ?.split(",")
    .map((code) => code.trim())
    .filter(Boolean);
  return {
    ...(branch !== undefined ? { branch } : {}),
    ...(values.environment !== undefined ? { environment: values.environment } : {}),
    ...(languages && languages.length > 0 ? { languages } : {}),
    ...(values.only !== undefined ? { only: values.only as PublishReleaseKeyBody["only"] } : {}),
    ...(values["placeholder-format"] !== undefined
      ? { placeholderFormat: values["placeholder-format"] as PublishReleaseKeyBody["placeholderFormat"] }
      : {}),
  };
}

/**
 * `sprog release`: POST /api/v1/releases with a key that has the release scope. Apps reading the
 * environment's manifest load the new texts at their next check, without a rebuild.
 */
export async function release(
  { client }: { client: ApiClient },
  body: PublishReleaseKeyBody,
  log: Log,
): Promise<void> {
  const published = await callJson(client, v1Contract.release, { body });
  const changed = published.keysChanged === 1 ? "1 key changed" : `${published.keysChanged} keys changed`;
  const from = published.branch === MAIN_BRANCH ? "" : ` from branch ${published.branch}`;
  log(
    `Release ${published.number}${from} published to ${published.environment}: ${published.languages.join(", ")} (${published.keyCount} keys, ${changed} since the release before)`,
  );
  log(`Manifest: ${new URL(`.${published.manifestPath}`, client.base).href}`);
}
