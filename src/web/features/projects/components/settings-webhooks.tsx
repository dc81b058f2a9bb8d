import { Send, Trash2, Webhook as WebhookIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { Project } from "../../../../shared/schemas/projects.ts";
import type { CreatedWebhook, Webhook } from "../../../../shared/schemas/webhooks.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { SecretShownOnce } from "../../../components/ui/secret-shown-once.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook, useWebhooks } from "../api/webhooks.ts";
import { WebhookCreateForm } from "./webhook-create-form.tsx";
import { WebhookDeliveryLog } from "./webhook-delivery-log.tsx";

/** The hook just created, its signing secret shown once with a copy button. */
function NewSecret({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  return (
    <SecretShownOnce
      title="Webhook created"
      secret={created.secret}
      name="signing secret"
      fieldLabel="Signing secret"
      warning="Copy it now — you won't see it again. Your receiver uses it to check the X-Sprog-Signature header."
      onDone={onDone}
    />
  );
}

function HookRow({
  projectId,
  hook,
  onDelete,
}: {
  projectId: string;
  hook: Webhook;
  onDelete: (hook: Webhook) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhook(projectId);
  const test = useTestWebhook(projectId);

  const toggle = () =>
    update.mutate(
      { id: hook.id, body: { enabled: !hook.enabled } },
      {
        onSuccess: (updated) => toast.success(updated.enabled ? "Webhook enabled" : "Webhook disabled"),
        onError: (error) => toast.error(errorMessage(error, "Failed to update the webhook")),
      },
    );
  const sendTest = () =>
    test.mutate(hook, {
      onSuccess: () => {
        toast.success("Test delivery queued");
        setShowLog(true);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to send the test delivery")),
    });

  return (
    <li className="flex flex-col gap-2 px-3 py-2">
      <div className="flex flex-wrap items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate font-mono text-sm">{hook.url}</span>
          <p className="text-xs text-muted">{hook.events.join(", ")}</p>
          {hook.enabled ? (
            <p className="text-xs text-success">Enabled</p>
          ) : (
            <p className="text-xs text-danger">
              Disabled{hook.disabledReason ? `: ${hook.disabledReason}` : ""}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" onClick={sendTest} loading={test.isPending}>
            <Send aria-hidden="true" />
            Send test
          </Button>
          <Button variant="ghost" size="sm" onClick={toggle} loading={update.isPending}>
            {hook.enabled ? "Disable" : "Enable"}
          </Button>
          <Button variant="ghost" size="sm" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
            {showLog ? "Hide deliveries" : "Deliveries"}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-danger hover:text-danger"
            aria-label={`Delete webhook ${hook.url}`}
            onClick={() => onDelete(hook)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      {showLog ? <WebhookDeliveryLog projectId={projectId} webhookId={hook.id} /> : null}
    </li>
  );
}

/** Project Settings → Webhooks (issue 20; owner and admin): add, test, turn off and delete hooks. */
export function SettingsWebhooks({ project }: { project: Project }) {
  const hooks = useWebhooks(project.id);
  const remove = useDeleteWebhook(project.id);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => {
        toast.success("Webhook deleted");
        if (created?.id === deleting.id) setCreated(null);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, "Failed to delete the webhook"));
        setDeleting(null);
      },
    });
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="webhooks-title">
      <div className="flex flex-col gap-1">
        <h3 id="webhooks-title" className="text-sm font-semibold">
          Webhooks
        </h3>
        <p className="text-sm text-muted">
          Sprog POSTs a signed JSON body to each URL when the chosen events happen, retrying for 24 hours. A
          hook that keeps failing is turned off and the project owner is e-mailed.
        </p>
      </div>

      <WebhookCreateForm projectId={project.id} onCreated={setCreated} />
      {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}

      {hooks.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : hooks.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(hooks.error, "Failed to load the webhooks")}
        </p>
      ) : hooks.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-md border border-dashed border-border-strong bg-surface px-3 py-6 text-center">
          <WebhookIcon className="size-5 text-muted" aria-hidden="true" />
          <p className="text-sm font-medium">No webhooks yet</p>
          <p className="text-xs text-muted">Add one to tell your team's tools when translations change.</p>
        </div>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Webhooks">
          {hooks.data.map((hook) => (
            <HookRow key={hook.id} projectId={project.id} hook={hook} onDelete={setDeleting} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete webhook?"
        description={
          deleting ? (
            <>
              <code className="font-mono text-foreground">{deleting.url}</code> will get no more deliveries,
              and its delivery log is deleted. This action cannot be undone.
            </>
          ) : (
            ""
          )
        }
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
