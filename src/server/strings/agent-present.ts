import type { KeyRow } from "../../shared/schemas/keys.ts";
import type { KeyToTranslate } from "../../shared/schemas/v1-translator.ts";
import { AppError } from "../errors.ts";
import { type AgentCheckScope, failedChecks } from "./agent-checks.ts";

/** The translator procedures' answers (src/shared/schemas/v1-translator.ts) from rows. */

/** A page's cursor: the last key name, opaque to the agent (it passes it back as it came). */
export function encodeCursor(keyName: string): string {
  return Buffer.from(keyName, "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): string {
  const keyName = Buffer.from(cursor, "base64url").toString("utf8");
  if (cursor === "" || encodeCursor(keyName) !== cursor) {
    throw new AppError(
      "validation_failed",
      "cursor is not one list_keys_to_translate gave: pass nextCursor back as it came",
    );
  }
  return keyName;
}

export function presentKeyToTranslate(
  key: KeyRow,
  sourceLanguage: string,
  language: string,
  scope: AgentCheckScope,
): KeyToTranslate {
  const source = key.strings[sourceLanguage]?.value ?? "";
  const cell = key.strings[language];
  const text = cell && cell.value !== "" ? cell.value : null;
  return {
    id: key.id,
    key: key.key,
    namespace: key.namespace ?? "",
    source,
    text,
    machine: text === null ? null : (cell?.machine ?? null),
    description: key.description ?? null,
    maxLength: key.maxLength ?? null,
    checks: failedChecks(scope, {
      language,
      value: text,
      source,
      maxLength: key.maxLength ?? null,
      json: key.valueType === "json",
    }),
  };
}
