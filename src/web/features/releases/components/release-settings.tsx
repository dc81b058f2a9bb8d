import { useId, useState } from "react";
import { toast } from "sonner";
import { DEFAULT_ENVIRONMENT, environmentSchema } from "../../../../shared/schemas/releases.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { failureText } from "../../../lib/failure-text.ts";
import { useSaveReleaseSettings } from "../api/change-releases.ts";
import { EnvironmentInput } from "./environment-input.tsx";

export interface ReleaseSettingsProps {
  projectId: string;
  /** As saved: the environment a completed review publishes to, or null. */
  releaseOnReview: string | null;
  suggestions: readonly string[];
}

/**
 * Whether completing a review publishes a release, and to which environment. The switch saves at
 * once; a changed environment is saved with its button.
 */
export function ReleaseSettings({ projectId, releaseOnReview, suggestions }: ReleaseSettingsProps) {
  const save = useSaveReleaseSettings(projectId);
  const [environment, setEnvironment] = useState(releaseOnReview ?? DEFAULT_ENVIRONMENT);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const switchId = useId();
  // While a change is on its way the switch shows what was asked for.
  const enabled = save.isPending ? save.variables !== null : releaseOnReview !== null;

  const submit = (value: string | null) => {
    let target = value;
    if (target !== null) {
      const parsed = environmentSchema.safeParse(target);
      if (!parsed.success) {
        setFieldError(parsed.error.issues[0]?.message);
        return;
      }
      target = parsed.data;
    }
    setFieldError(undefined);
    setServerError(undefined);
    save.mutate(target, {
      onSuccess: (list) => {
        if (list.releaseOnReview) setEnvironment(list.releaseOnReview);
        toast.success(
          list.releaseOnReview
            ? `A completed review now publishes a release to ${list.releaseOnReview}`
            : "A completed review no longer publishes a release",
        );
      },
      onError: (error) => setServerError(failureText(error, "Failed to save the setting")),
    });
  };

  const changed = enabled && environment.trim() !== (releaseOnReview ?? "");
  return (
    <section
      aria-labelledby="release-settings"
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4"
    >
      <h2 id="release-settings" className="text-base font-semibold">
        Publish on review
      </h2>
      <div className="flex items-start gap-3">
        <Switch
          id={switchId}
          checked={enabled}
          disabled={save.isPending}
          onCheckedChange={(on) => submit(on ? environment : null)}
          className="mt-0.5"
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor={switchId}>Publish a release when a review is completed</Label>
          <span className="text-xs text-muted">
            Completing a review then publishes a release to the environment below, with no one pressing
            Publish.
          </span>
        </div>
      </div>
      <form
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          submit(environment);
        }}
      >
        <FormField label="Environment for reviews" error={fieldError} className="sm:max-w-64 sm:flex-1">
          <EnvironmentInput
            suggestions={suggestions}
            value={environment}
            onChange={(event) => setEnvironment(event.target.value)}
          />
        </FormField>
        {changed ? (
          <Button type="submit" variant="outline" loading={save.isPending}>
            Save environment
          </Button>
        ) : null}
      </form>
      <FormServerError message={serverError} />
    </section>
  );
}
