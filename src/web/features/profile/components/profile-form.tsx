import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { type Profile, profileBodySchema } from "../../../../shared/schemas/profiles.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormActions, FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { failureText } from "../../../lib/failure-text.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

export interface ProfileFormProps {
  initial?: { firstName: string; lastName: string } | undefined;
  submitLabel: string;
  /** Spec point 8's text when saving fails (the server's own words when it refused the input). */
  fallbackError: string;
  onSaved: (profile: Profile) => void;
  /** Extra buttons next to submit (e.g. Cancel in a dialog). */
  secondaryAction?: ReactNode;
  fullWidthSubmit?: boolean;
}

/** First name (required) and last name (optional), saved with PUT /api/profile. */
export function ProfileForm({
  initial,
  submitLabel,
  fallbackError,
  onSaved,
  secondaryAction,
  fullWidthSubmit,
}: ProfileFormProps) {
  const updateProfile = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(profileBodySchema),
    defaultValues: { firstName: initial?.firstName ?? "", lastName: initial?.lastName ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const profile = await updateProfile.mutateAsync(values);
      onSaved(profile);
    } catch (error) {
      form.setError("root.server", { message: failureText(error, fallbackError) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="First name" error={errors.firstName?.message}>
        <Input autoComplete="given-name" autoFocus {...form.register("firstName")} />
      </FormField>
      <FormField label="Last name" optional error={errors.lastName?.message}>
        <Input autoComplete="family-name" {...form.register("lastName")} />
      </FormField>
      <FormServerError message={errors.root?.server?.message} />
      <FormActions
        submitLabel={submitLabel}
        loading={isSubmitting}
        secondaryAction={secondaryAction}
        fullWidth={fullWidthSubmit}
      />
    </form>
  );
}
