import { type FormEvent, useState } from "react";
import {
  branchReleaseRefusal,
  environmentSchema,
  type Release,
} from "../../../../shared/schemas/releases.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { EnvironmentInput } from "./environment-input.tsx";

export interface ChooseEnvironmentDialogProps {
  /** The release to make live; null: closed. */
  release: Release | null;
  suggestions: readonly string[];
  /** Makes it live in `environment`; resolves to the server's refusal in words, or undefined. */
  onSubmit: (release: Release, environment: string) => Promise<string | undefined>;
  onClose: () => void;
}

/** "Make live in…": any environment by name, a new one included (default: the release's own). */
export function ChooseEnvironmentDialog({
  release,
  suggestions,
  onSubmit,
  onClose,
}: ChooseEnvironmentDialogProps) {
  return (
    <Dialog
      open={release !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={release ? `Make release ${release.number} live` : "Make live"}
        description="The environment's manifest names this release at once; apps reading it load it within a minute."
      >
        {release ? <ChooseForm release={release} suggestions={suggestions} onSubmit={onSubmit} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChooseForm({
  release,
  suggestions,
  onSubmit,
}: {
  release: Release;
  suggestions: readonly string[];
  onSubmit: ChooseEnvironmentDialogProps["onSubmit"];
}) {
  const [environment, setEnvironment] = useState(release.environment);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = environmentSchema.safeParse(environment);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    const refusal = branchReleaseRefusal(release.branch, parsed.data);
    if (refusal) {
      setFieldError(refusal);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    setServerError(await onSubmit(release, parsed.data));
    setBusy(false);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField label="Environment" error={fieldError}>
        <EnvironmentInput
          autoFocus
          suggestions={suggestions}
          value={environment}
          onChange={(event) => setEnvironment(event.target.value)}
        />
      </FormField>
      <FormServerError message={serverError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={busy}>
          Make live
        </Button>
      </div>
    </form>
  );
}
