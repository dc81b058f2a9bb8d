import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { CopyValue } from "./copy-value.tsx";
import type { ProviderForm, StoredSettings } from "./provider-form-values.ts";

/** An OpenID Connect provider: what Sprog needs from it, and the redirect URI it needs from Sprog. */
export function OidcFields({
  register,
  errors,
  stored,
  redirectUri,
}: {
  register: UseFormRegister<ProviderForm>;
  errors: FieldErrors<ProviderForm>["oidc"];
  stored: StoredSettings | null;
  redirectUri: string;
}) {
  const hasSecret = stored?.oidc?.hasClientSecret === true;
  return (
    <>
      <p className="text-xs text-muted">
        Register Sprog at your provider as a web application with a client secret, give it the redirect URI
        below, then fill in what the provider shows you.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          label="Issuer URL"
          error={errors?.issuer?.message}
          hint="Sprog reads the provider's /.well-known/openid-configuration under it when you save."
          className="sm:col-span-2"
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://acme.okta.com"
            {...register("oidc.issuer")}
          />
        </FormField>
        <FormField label="Client ID" error={errors?.clientId?.message}>
          <Input autoComplete="off" spellCheck={false} {...register("oidc.clientId")} />
        </FormField>
        <FormField
          label="Client secret"
          error={errors?.clientSecret?.message}
          hint={
            hasSecret
              ? "Stored encrypted. A new issuer or client ID needs its secret."
              : "Stored encrypted and never shown again."
          }
        >
          <Input
            type="password"
            // Not the owner's own password: keeps password managers from filling it in.
            autoComplete="new-password"
            placeholder={hasSecret ? "Leave empty to keep the stored secret" : undefined}
            {...register("oidc.clientSecret")}
          />
        </FormField>
      </div>
      <CopyValue
        label="Redirect URI"
        value={redirectUri}
        hint="Paste it into your provider as the sign-in redirect (callback) URI."
      />
    </>
  );
}
