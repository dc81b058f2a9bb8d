import { KeyRound, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import {
  API_KEY_NAME_MAX,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from "../../../../shared/schemas/api-keys.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { SecretShownOnce } from "../../../components/ui/secret-shown-once.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCreateApiKey } from "../api/create-api-key.ts";
import { useApiKeys } from "../api/list-api-keys.ts";
import { useRevokeApiKey } from "../api/revoke-api-key.ts";
import { AgentHelp } from "./agent-help.tsx";
import { ApiKeyScopeChoice, SCOPE_LABELS } from "./api-key-scopes.tsx";
import { ApiUsage } from "./api-usage.tsx";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

const keyLabel = (key: ApiKey) => key.name || "Unnamed key";

/** The key just created, shown once with a copy button. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <SecretShownOnce
      title={created.name ? `API key "${created.name}" created` : "API key created"}
      secret={created.key}
      name="API key"
      fieldLabel="New API key"
      warning="Copy it now — you won't see it again. Only a fingerprint of it is stored."
      onDone={onDone}
    />
  );
}

function KeyList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  if (keys.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-border-strong bg-surface px-3 py-6 text-center">
        <KeyRound className="size-5 text-muted" aria-hidden="true" />
        <p className="text-sm font-medium">No API keys yet</p>
        <p className="text-xs text-muted">
          Create one to pull translations, push files or manage webhooks from CI/CD, or for a coding agent.
        </p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border rounded-md border border-border" aria-label="API keys">
      {keys.map((key) => (
        <li key={key.id} className="flex items-center gap-3 px-3 py-2">
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <div className="flex items-baseline gap-2">
              <span className="truncate text-sm font-medium">{keyLabel(key)}</span>
              <code className="font-mono text-xs text-muted">{key.prefix}…</code>
            </div>
            <p className="text-xs text-muted">
              Scopes: {key.scopes.map((scope) => SCOPE_LABELS[scope].label).join(", ")}
            </p>
            <p className="text-xs text-muted">
              Created {dateFormat.format(new Date(key.createdAt))}
              {key.createdBy ? ` by ${key.createdBy}` : ""} ·{" "}
              {key.lastUsedAt ? `Last used ${dateTimeFormat.format(new Date(key.lastUsedAt))}` : "Never used"}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="text-danger hover:text-danger"
            aria-label={`Revoke ${keyLabel(key)} (${key.prefix}…)`}
            onClick={() => onRevoke(key)}
          >
            <Trash2 aria-hidden="true" />
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Project Settings → API Access (spec point 6 canManageAPIKeys): create, list and revoke keys. */
export function SettingsApiAccess({ project, host }: { project: Project; host: string }) {
  const keys = useApiKeys(project.id);
  const create = useCreateApiKey(project.id);
  const revoke = useRevokeApiKey(project.id);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["pull"]);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const tooLong = name.trim().length > API_KEY_NAME_MAX;

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    const trimmed = name.trim();
    create.mutate(trimmed ? { name: trimmed, scopes } : { scopes }, {
      onSuccess: (key) => {
        setCreated(key);
        setName("");
        setScopes(["pull"]);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to create the API key")),
    });
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking, {
      onSuccess: () => {
        toast.success("API key revoked");
        if (created?.id === revoking.id) setCreated(null);
        setRevoking(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, "Failed to revoke the API key"));
        setRevoking(null);
      },
    });
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="api-access-title">
      <div className="flex flex-col gap-1">
        <h3 id="api-access-title" className="text-sm font-semibold">
          API Access
        </h3>
        <p className="text-sm text-muted">
          API keys let CI/CD pull this project's translations, push its source files and manage its webhooks,
          and let coding agents work in it, as each key's scopes allow. Anyone with a key can read every
          string of the project, so keep keys in your CI's secrets or your environment, never in git.
        </p>
      </div>

      <form onSubmit={onCreate} noValidate className="flex flex-col gap-3">
        <div className="flex items-end gap-2">
          <FormField
            label="Key name"
            optional
            className="flex-1"
            error={tooLong ? `Name must be at most ${API_KEY_NAME_MAX} characters` : undefined}
          >
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. CI"
              autoComplete="off"
            />
          </FormField>
          <Button type="submit" loading={create.isPending} disabled={tooLong}>
            <Plus aria-hidden="true" />
            Create API key
          </Button>
        </div>
        <ApiKeyScopeChoice value={scopes} onChange={setScopes} />
      </form>

      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}

      {keys.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(keys.error, "Failed to load the API keys")}
        </p>
      ) : (
        <KeyList keys={keys.data} onRevoke={setRevoking} />
      )}

      <ApiUsage project={project} host={host} />

      <AgentHelp host={host} apiKey={created?.key} />

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke API key?"
        description={
          revoking ? (
            <>
              Requests with <strong className="text-foreground">{keyLabel(revoking)}</strong> (
              <code className="font-mono">{revoking.prefix}…</code>) will be refused from now on. This action
              cannot be undone.
            </>
          ) : (
            ""
          )
        }
        confirmLabel="Revoke"
        destructive
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </section>
  );
}
