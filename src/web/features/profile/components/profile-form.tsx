import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { emailSchema } from "../../../../shared/schemas/email.ts";
import { type Profile, profileBodySchema } from "../../../../shared/schemas/profiles.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormActions, FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { failureText } from "../../../lib/failure-text.ts";
import { useRequestEmailChange } from "../api/request-email-change.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

/** The names, and (in Edit Profile) the e-mail address with spec point 5's checks. */
const profileFormSchema = profileBodySchema.extend({ email: emailSchema.optional() });

export interface ProfileFormProps {
  initial?: { firstName: string; lastName: string } | undefined;
  /**
   * The account's e-mail address: given, the form has an Email field, and a changed address is
   * asked for by a link to it (it changes only when that is opened; issue 34).
   */
  email?: string | undefined;
  submitLabel: string;
  /** Spec point 8's text when saving fails (the server's own words when it refused the input). */
  fallbackError: string;
  /** Saved; `pendingEmail`: the new address a confirmation link went to, if it changed. */
  onSaved: (profile: Profile, pendingEmail: string | null) => void;
  /** Extra buttons next to submit (e.g. Cancel in a dialog). */
  secondaryAction?: ReactNode;
  fullWidthSubmit?: boolean;
}

/** First name (required), last name (optional) and optionally the e-mail, saved as the user's profile. */
export function ProfileForm({
  initial,
  email,
  submitLabel,
  fallbackError,
  onSaved,
  secondaryAction,
  fullWidthSubmit,
}: ProfileFormProps) {
  const updateProfile = useUpdateProfile();
  const requestEmailChange = useRequestEmailChange();
  const form = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      firstName: initial?.firstName ?? "",
      lastName: initial?.lastName ?? "",
      ...(email === undefined ? {} : { email }),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email: wanted, ...names }) => {
    let profile: Profile;
    try {
      profile = await updateProfile.mutateAsync(names);
    } catch (error) {
      form.setError("root.server", { message: failureText(error, fallbackError) });
      return;
    }
    if (email === undefined || wanted === undefined || wanted === email.toLowerCase()) {
      onSaved(profile, null);
      return;
    }
    try {
      const { pendingEmail } = await requestEmailChange.mutateAsync({ email: wanted });
      onSaved(profile, pendingEmail);
    } catch (error) {
      // Taken by another account (409) or refused as an address: said on the field.
      if (isApiError(error) && (error.status === 409 || error.status === 400)) {
        form.setError("email", { message: error.message }, { shouldFocus: true });
      } else {
        form.setError("root.server", { message: failureText(error, fallbackError) });
      }
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
      {email === undefined ? null : (
        <FormField
          label="Email"
          error={errors.email?.message}
          hint="A new address is used once you open the link we e-mail to it."
        >
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </FormField>
      )}
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
