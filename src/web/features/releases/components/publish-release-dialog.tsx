import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { languageName } from "../../../../shared/languages.ts";
import { PULL_PLACEHOLDER_FORMATS } from "../../../../shared/schemas/pull.ts";
import {
  BRANCH_DEFAULT_ENVIRONMENT,
  branchReleaseRefusal,
  DEFAULT_ENVIRONMENT,
  publishReleaseBodySchema,
  RELEASE_STRING_FILTERS,
} from "../../../../shared/schemas/releases.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import type { BranchRef } from "../../../lib/branch-context.tsx";
import { failureText } from "../../../lib/failure-text.ts";
import { usePublishRelease } from "../api/change-releases.ts";
import { STRING_FILTER_LABELS } from "../release-text.ts";
import { EnvironmentInput } from "./environment-input.tsx";

/** The API's own rules, every field given: what the dialog sends is what the server checks. */
const publishFormSchema = publishReleaseBodySchema.required();
type PublishFormInput = z.input<typeof publishFormSchema>;
type PublishFormValues = z.output<typeof publishFormSchema>;

const FORMAT_LABELS: Record<(typeof PULL_PLACEHOLDER_FORMATS)[number], string> = {
  web: "Web — {name} (i18next, ICU)",
  ios: "iOS — %@",
  android: "Android — %1$s",
};

export interface PublishReleaseDialogProps {
  projectId: string;
  /** The project's languages, the source language first. */
  languages: readonly string[];
  sourceLanguage: string;
  /** Environment names to offer (production, staging, the project's). */
  suggestions: readonly string[];
  /** The branch the screen's picker shows: the release carries its strings; null: main's. */
  branch: BranchRef | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Publish a release: which environment, which languages, which strings, which placeholders. */
export function PublishReleaseDialog({ open, onOpenChange, ...props }: PublishReleaseDialogProps) {
  const { branch } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={branch ? `Publish release from ${branch.name}` : "Publish release"}
        description={
          branch
            ? `A numbered snapshot of the branch ${branch.name}'s translations for a test environment such as ${BRANCH_DEFAULT_ENVIRONMENT}: apps reading it load them within a minute. Production gets main's releases only.`
            : "A numbered snapshot of the translations, live in the environment at once: apps reading it load the new texts within a minute."
        }
        className="max-w-lg"
      >
        {open ? <PublishForm {...props} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PublishForm({
  projectId,
  languages,
  sourceLanguage,
  suggestions,
  branch,
  onDone,
}: Omit<PublishReleaseDialogProps, "open" | "onOpenChange"> & { onDone: () => void }) {
  const publish = usePublishRelease(projectId, branch?.id ?? null);
  const id = useId();
  const form = useForm<PublishFormInput, unknown, PublishFormValues>({
    resolver: zodResolver(publishFormSchema),
    defaultValues: {
      environment: branch ? BRANCH_DEFAULT_ENVIRONMENT : DEFAULT_ENVIRONMENT,
      languages: [...languages],
      only: "all",
      placeholderFormat: "web",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // The server's rule, said at the field before asking it.
    const refusal = branchReleaseRefusal(branch?.name ?? null, values.environment);
    if (refusal) {
      form.setError("environment", { message: refusal });
      return;
    }
    // Every language: left to the server, which then takes the project's languages as they are.
    const every = languages.every((code) => values.languages.includes(code));
    const { languages: chosen, ...rest } = values;
    try {
      const release = await publish.mutateAsync(every ? rest : { ...rest, languages: chosen });
      const from = branch ? ` from ${branch.name}` : "";
      toast.success(`Release ${release.number}${from} published to ${release.environment}`);
      onDone();
    } catch (error) {
      form.setError("root.server", { message: failureText(error, "Failed to publish the release") });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField
        label="Environment"
        error={errors.environment?.message}
        hint={
          branch
            ? `A branch's release goes to ${BRANCH_DEFAULT_ENVIRONMENT} or a name of your own, never production.`
            : "Apps read one environment: production, staging, or a name of your own."
        }
      >
        <EnvironmentInput suggestions={suggestions} {...form.register("environment")} />
      </FormField>

      <Controller
        control={form.control}
        name="languages"
        render={({ field }) => {
          const chosen = field.value ?? [];
          return (
            <fieldset
              className="flex flex-col gap-2"
              aria-describedby={errors.languages ? `${id}-languages-error` : undefined}
            >
              <legend className="mb-1 text-sm font-medium">Languages</legend>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {languages.map((code) => (
                  <div key={code} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-language-${code}`}
                      checked={chosen.includes(code)}
                      onCheckedChange={(on) =>
                        field.onChange(
                          languages.filter((c) => (c === code ? on === true : chosen.includes(c))),
                        )
                      }
                    />
                    <Label htmlFor={`${id}-language-${code}`} className="font-normal">
                      {languageName(code)} ({code}){code === sourceLanguage ? " · source" : ""}
                    </Label>
                  </div>
                ))}
              </div>
              {errors.languages?.message ? (
                <p id={`${id}-languages-error`} role="alert" className="text-xs font-medium text-danger">
                  {errors.languages.message}
                </p>
              ) : null}
            </fieldset>
          );
        }}
      />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Strings</legend>
        {RELEASE_STRING_FILTERS.map((filter) => (
          <label key={filter} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" value={filter} className="accent-brand-600" {...form.register("only")} />
            {STRING_FILTER_LABELS[filter]}
          </label>
        ))}
        <p className="text-xs text-muted">The source language is always whole.</p>
      </fieldset>

      <FormField label="Placeholder format" hint="How placeholders are written in the release's files.">
        <NativeSelect {...form.register("placeholderFormat")}>
          {PULL_PLACEHOLDER_FORMATS.map((format) => (
            <option key={format} value={format}>
              {FORMAT_LABELS[format]}
            </option>
          ))}
        </NativeSelect>
      </FormField>

      <FormServerError message={errors.root?.server?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={isSubmitting}>
          Publish
        </Button>
      </div>
    </form>
  );
}
