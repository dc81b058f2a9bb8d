import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { SSO_ROLES, type SsoProtocol, type SsoSettings } from "../../../../shared/schemas/sso.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useRemoveSso, useSaveSso } from "../api/change-sso.ts";
import { OidcFields } from "./oidc-fields.tsx";
import { formValues, type ProviderBody, type ProviderForm, providerSchema } from "./provider-form-values.ts";
import { RoleMappingsField } from "./role-mappings-field.tsx";
import { SamlFields } from "./saml-fields.tsx";
import { SSO_ROLE_LABELS } from "./sso-roles.ts";

const PROTOCOLS: { value: SsoProtocol; label: string }[] = [
  { value: "oidc", label: "OpenID Connect" },
  { value: "saml", label: "SAML 2.0" },
];

export interface SsoProviderFormProps {
  teamId: string;
  sso: SsoSettings;
}

/**
 * The team's identity provider (OpenID Connect or SAML 2.0), how people get their roles, and
 * whether codes still work.
 */
export function SsoProviderForm({ teamId, sso }: SsoProviderFormProps) {
  const stored = sso.settings;
  const id = useId();
  const save = useSaveSso(teamId);
  const remove = useRemoveSso(teamId);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const resolver = useMemo(() => zodResolver(providerSchema(stored)), [stored]);
  const form = useForm<ProviderForm, unknown, ProviderBody>({
    resolver,
    defaultValues: formValues(stored),
  });
  const { errors, isSubmitting } = form.formState;
  const enabled = useWatch({ control: form.control, name: "enabled" }) ?? true;
  const protocol = useWatch({ control: form.control, name: "protocol" });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      // The typed secret is stored now: the field empties and its placeholder says it is kept.
      form.reset(formValues(answer.settings));
      toast.success("Single sign-on saved");
    } catch (error) {
      form.setError("root.server", { message: errorMessage(error, "Failed to save single sign-on") });
    }
  });

  const confirmRemove = () => {
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirmingRemove(false);
        form.reset(formValues(answer.settings));
        toast.success("Single sign-on turned off and removed");
      },
      onError: (error) => {
        setConfirmingRemove(false);
        toast.error(errorMessage(error, "Failed to remove single sign-on"));
      },
    });
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-lg border border-border bg-background p-4"
    >
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        Identity provider
      </h3>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="protocol"
          render={({ field }) => (
            <SegmentedControl
              label="Protocol"
              options={PROTOCOLS}
              value={field.value}
              onChange={field.onChange}
              className="w-fit"
            />
          )}
        />
        {protocol === "saml" ? (
          <SamlFields
            control={form.control}
            register={form.register}
            errors={errors.saml}
            stored={stored}
            sp={sso.sp}
          />
        ) : (
          <OidcFields
            register={form.register}
            errors={errors.oidc}
            stored={stored}
            redirectUri={sso.redirectUri}
          />
        )}

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Default role for new members" hint="For people whose groups match no mapping.">
            <NativeSelect {...form.register("defaultRole")}>
              {SSO_ROLES.map((role) => (
                <option key={role} value={role}>
                  {SSO_ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            label={protocol === "saml" ? "Groups attribute" : "Groups claim"}
            error={errors.groupsClaim?.message}
            hint={
              protocol === "saml"
                ? "The assertion's attribute that lists the person's groups."
                : "The ID token's claim that lists the person's groups."
            }
          >
            <Input autoComplete="off" spellCheck={false} {...form.register("groupsClaim")} />
          </FormField>
        </div>

        <RoleMappingsField control={form.control} register={form.register} errors={errors.roleMappings} />

        <div className="flex flex-col gap-3">
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <SwitchSetting
                id={`${id}-enabled`}
                label="Single sign-on on"
                hint="People at your verified domains are sent to your identity provider when they sign in. Off: everyone signs in with an e-mail code, and these settings are kept."
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <Controller
            control={form.control}
            name="enforced"
            render={({ field }) => (
              <SwitchSetting
                id={`${id}-enforced`}
                label="Enforce single sign-on"
                hint="Members at your domains can no longer sign in with an e-mail code. You, the owner, keep an e-mail code as a break-glass way in should the provider fail; the activity feed records each time it is used."
                checked={field.value ?? false}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                // Enforcing does nothing while single sign-on is off.
                disabled={!enabled}
              />
            )}
          />
        </div>

        <FormServerError message={errors.root?.server?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {stored ? (
            <Button
              variant="outline"
              className="text-danger sm:mr-auto"
              onClick={() => setConfirmingRemove(true)}
            >
              Turn off and remove
            </Button>
          ) : null}
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingRemove}
        onOpenChange={setConfirmingRemove}
        title="Turn off single sign-on?"
        description="Everyone signs in with an e-mail code again, and the provider's settings and secret are forgotten. The domains stay on the list."
        confirmLabel="Turn off and remove"
        destructive
        loading={remove.isPending}
        onConfirm={confirmRemove}
      />
    </section>
  );
}

function SwitchSetting({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
  onBlur,
  disabled = false,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur: () => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        onBlur={onBlur}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <span id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </span>
      </div>
    </div>
  );
}
