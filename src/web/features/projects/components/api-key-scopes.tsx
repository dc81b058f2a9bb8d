import { useId } from "react";
import { API_KEY_SCOPES, type ApiKeyScope } from "../../../../shared/schemas/api-keys.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";

/** What each scope lets CI or a coding agent do, as the create form and the key list name it. */
export const SCOPE_LABELS: Record<ApiKeyScope, { label: string; hint: string }> = {
  pull: { label: "Pull", hint: "Download translations, read status and keys" },
  push: { label: "Push", hint: "Import files, create and rename keys, set source texts" },
  translate: {
    label: "Translate",
    hint: "Agents write translations; they land as unverified AI for a person to review",
  },
  review: {
    label: "Review",
    hint: "Agents approve or ask for changes in reviews, but never approve AI or agent text",
  },
  release: {
    label: "Release",
    hint: "Publish over-the-air releases that apps load without a rebuild (sprog release)",
  },
  "webhooks:manage": { label: "Manage webhooks", hint: "Create, change and delete the project's webhooks" },
};

/** The scopes a new key gets (issue 20): one checkbox each, at least one stays chosen. */
export function ApiKeyScopeChoice({
  value,
  onChange,
}: {
  value: readonly ApiKeyScope[];
  onChange: (scopes: ApiKeyScope[]) => void;
}) {
  const id = useId();
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    onChange(API_KEY_SCOPES.filter((s) => (s === scope ? on : value.includes(s))));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Scopes</legend>
      {API_KEY_SCOPES.map((scope) => (
        <div key={scope} className="flex items-start gap-2.5">
          <Checkbox
            id={`${id}-${scope}`}
            checked={value.includes(scope)}
            // The last chosen scope stays: a key that may do nothing is no use.
            disabled={value.length === 1 && value.includes(scope)}
            onCheckedChange={(on) => toggle(scope, on === true)}
            className="mt-0.5"
            aria-describedby={`${id}-${scope}-hint`}
          />
          <div className="flex flex-col">
            <label htmlFor={`${id}-${scope}`} className="cursor-pointer text-sm">
              {SCOPE_LABELS[scope].label}
            </label>
            <span id={`${id}-${scope}-hint`} className="text-xs text-muted">
              {SCOPE_LABELS[scope].hint}
            </span>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
