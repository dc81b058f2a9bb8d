import { Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import type { CreatedWebhook } from "../../../../shared/schemas/webhooks.ts";
import { WEBHOOK_EVENTS, type WebhookEvent } from "../../../../shared/schemas/webhooks.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage, isApiError } from "../../../lib/api-client.ts";
import { useCreateWebhook } from "../api/webhooks.ts";

/** What each event means, as the form and the list name them. */
export const EVENT_HINTS: Record<WebhookEvent, string> = {
  "string.updated": "Strings changed (gathered: one delivery for a batch of edits)",
  "key.created": "A key was added",
  "key.deleted": "A key was deleted",
  "import.completed": "A file import or push finished",
  "batch.completed": "A batch translation finished",
  "review.completed": "A review was completed",
  "branch.merged": "A branch was merged into main or another branch",
};

function isHttpUrl(value: string) {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * A new hook: its URL and events. The server checks the address (public hosts only): its refusal
 * stays under the URL field until the URL changes, not in a toast that is gone before it is read.
 */
export function WebhookCreateForm({
  projectId,
  onCreated,
}: {
  projectId: string;
  onCreated: (hook: CreatedWebhook) => void;
}) {
  const id = useId();
  const create = useCreateWebhook(projectId);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [tried, setTried] = useState(false);
  // The server's reason for refusing this URL (400); other failures are not about the URL.
  const [refusal, setRefusal] = useState<string | undefined>();
  const urlError = !url.trim()
    ? "Enter the webhook URL"
    : isHttpUrl(url.trim())
      ? undefined
      : "The webhook URL must be an http:// or https:// URL";
  const eventsError = events.length === 0 ? "Choose at least one event" : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (urlError || eventsError) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (hook) => {
          onCreated(hook);
          setUrl("");
          setEvents([...WEBHOOK_EVENTS]);
          setTried(false);
          setRefusal(undefined);
        },
        onError: (error) => {
          const message = errorMessage(error, "Failed to create the webhook");
          if (isApiError(error) && error.status === 400 && error.fromServer) setRefusal(message);
          else toast.error(message);
        },
      },
    );
  };

  const toggle = (name: WebhookEvent, on: boolean) =>
    setEvents(WEBHOOK_EVENTS.filter((e) => (e === name ? on : events.includes(e))));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-label="Add webhook">
      {/* Top-aligned, the button beside the input: an error under the field leaves it in place. */}
      <div className="flex items-start gap-2">
        <FormField label="Payload URL" className="flex-1" error={(tried ? urlError : undefined) ?? refusal}>
          <Input
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setRefusal(undefined);
            }}
            placeholder="https://example.com/sprog-webhook"
            autoComplete="off"
            inputMode="url"
          />
        </FormField>
        <Button type="submit" loading={create.isPending} className="mt-5">
          <Plus aria-hidden="true" />
          Add webhook
        </Button>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENTS.map((name) => (
          <div key={name} className="flex items-start gap-2.5">
            <Checkbox
              id={`${id}-${name}`}
              checked={events.includes(name)}
              onCheckedChange={(on) => toggle(name, on === true)}
              className="mt-0.5"
              aria-describedby={`${id}-${name}-hint`}
            />
            <div className="flex flex-col">
              <label htmlFor={`${id}-${name}`} className="cursor-pointer font-mono text-sm">
                {name}
              </label>
              <span id={`${id}-${name}-hint`} className="text-xs text-muted">
                {EVENT_HINTS[name]}
              </span>
            </div>
          </div>
        ))}
        {tried && eventsError ? (
          <p role="alert" className="text-xs text-danger">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
