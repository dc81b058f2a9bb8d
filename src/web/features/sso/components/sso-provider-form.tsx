import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import {
  SSO_ERRORS,
  SSO_ROLES,
  type SsoSettings,
  type SsoSettingsBody,
  ssoSettingsBodySchema,
} from "../../../../shared/schemas/sso.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { CopyButton } from "../../../components/ui/snippet.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useRemoveSso, useSaveSso } from "../api/change-sso.ts";
import { RoleMappingsField } from "./role-mappings-field.tsx";
import { SSO_ROLE_LABELS } from "./sso-roles.ts";

type StoredSettings = NonNullable<SsoSettings["settings"]>;
type ProviderValues = z.output<typeof ssoSettingsBodySchema>;

/**
 * The API's rules, and the server's about the secret ahead of it: an empty secret keeps the stored
 * one only for the same issuer and client, so a new provider is asked for its secret here rather
 * than after a round trip.
 */
function providerSchema(stored: StoredSettings | null) {
  return ssoSettingsBodySchema.superRefine((value, ctx) => {
    if (value.oidc.clientSecret.trim() !== "") return;
    const kept =
      stored?.oidc.hasClientSecret === true &&
      stored.oidc.issuer === value.oidc.issuer &&
      stored.oidc.clientId === value.oidc.clientId;
    if (!kept) {
      ctx.addIssue({
        code: "custom",
        path: ["oidc", "clientSecret"],
        message: SSO_ERRORS.clientSecretRequired,
      });
    }
  });
}

/** The form as stored (the secret never comes back), or a new provider's defaults. */
function formValues(stored: StoredSettings | null): SsoSettingsBody {
  return {
    protocol: "oidc",
    enabled: stored?.enabled ?? true,
    enforced: stored?.enforced ?? false,
    defaultRole: stored?.defaultRole ?? "reviewer",
    groupsClaim: stored?.groupsClaim ?? "groups",
    roleMappings: stored?.roleMappings.map((mapping) => ({ ...mapping })) ?? [],
    oidc: { issuer: stored?.oidc.issuer ?? "", clientId: stored?.oidc.clientId ?? "", clientSecret: "" },
  };
}

export interface SsoProviderFormProps {
  teamId: string;
  sso: SsoSettings;
}

/** The team's OpenID Connect provider, how people get their roles, and whether codes still work. */
export function SsoProviderForm({ teamId, sso }: SsoProviderFormProps) {
  const stored = sso.settings;
  const id = useId();
  const save = useSaveSso(teamId);
  const remove = useRemoveSso(teamId);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const resolver = useMemo(() => zodResolver(providerSchema(stored)), [stored]);
  const form = useForm<SsoSettingsBody, unknown, ProviderValues>({
    resolver,
    defaultValues: formValues(stored),
  });
  const { errors, isSubmitting } = form.formState;
  const enabled = useWatch({ control: form.control, name: "enabled" }) ?? true;

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
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="text-sm font-semibold">
          Identity provider (OpenID Connect)
        </h3>
        <p className="text-xs text-muted">
          Register Sprog at your provider as a web application with a client secret, give it the redirect URI
          below, then fill in what the provider shows you.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            label="Issuer URL"
            error={errors.oidc?.issuer?.message}
            hint="Sprog reads the provider's /.well-known/openid-configuration under it when you save."
            className="sm:col-span-2"
          >
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://acme.okta.com"
              {...form.register("oidc.issuer")}
            />
          </FormField>
          <FormField label="Client ID" error={errors.oidc?.clientId?.message}>
            <Input autoComplete="off" spellCheck={false} {...form.register("oidc.clientId")} />
          </FormField>
          <FormField
            label="Client secret"
            error={errors.oidc?.clientSecret?.message}
            hint={
              stored?.oidc.hasClientSecret
                ? "Stored encrypted. A new issuer or client ID needs its secret."
                : "Stored encrypted and never shown again."
            }
          >
            <Input
              type="password"
              // Not the owner's own password: keeps password managers from filling it in.
              autoComplete="new-password"
              placeholder={stored?.oidc.hasClientSecret ? "Leave empty to keep the stored secret" : undefined}
              {...form.register("oidc.clientSecret")}
            />
          </FormField>
        </div>

        {/* Text, not a field: a long address wraps on a phone instead of hiding its end. */}
        <fieldset aria-describedby={`${id}-redirect-hint`} className="flex min-w-0 flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">Redirect URI</legend>
          <div className="flex items-center gap-2 rounded-md border border-border bg-surface-muted px-3 py-1.5">
            <code className="min-w-0 flex-1 font-mono text-xs break-all text-foreground">
              {sso.redirectUri}
            </code>
            <CopyButton text={sso.redirectUri} label="Redirect URI" />
          </div>
          <p id={`${id}-redirect-hint`} className="text-xs text-muted">
            Paste it into your provider as the sign-in redirect (callback) URI.
          </p>
        </fieldset>

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
            label="Groups claim"
            error={errors.groupsClaim?.message}
            hint="The ID token's claim that lists the person's groups."
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
