import { Controller, type FieldErrors, type UseFormRegister, useWatch } from "react-hook-form";
import type { SsoSettings } from "../../../../shared/schemas/sso.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { SegmentedControl } from "../../../components/ui/segmented-control.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { CopyValue } from "./copy-value.tsx";
import type {
  MetadataSource,
  ProviderControl,
  ProviderForm,
  StoredSettings,
} from "./provider-form-values.ts";

const SOURCES: { value: MetadataSource; label: string }[] = [
  { value: "url", label: "Metadata URL" },
  { value: "xml", label: "Metadata XML" },
];

/**
 * A SAML 2.0 identity provider: Sprog's own details to paste into it (this team's service provider),
 * and the IdP's metadata, by URL or pasted. A stored IdP shows what Sprog read from it.
 */
export function SamlFields({
  control,
  register,
  errors,
  stored,
  sp,
}: {
  control: ProviderControl;
  register: UseFormRegister<ProviderForm>;
  errors: FieldErrors<ProviderForm>["saml"];
  stored: StoredSettings | null;
  sp: SsoSettings["sp"];
}) {
  const source = useWatch({ control, name: "saml.source" });
  const read = stored?.saml ?? null;
  const keep = read ? "Leave empty to keep the metadata Sprog read." : undefined;
  return (
    <>
      <p className="text-xs text-muted">
        Create a SAML application at your identity provider with the three values below (or give it Sprog's
        metadata URL), have it send the person's e-mail address as the NameID or an email attribute, then give
        Sprog the IdP's metadata.
      </p>
      <div className="grid grid-cols-1 gap-4">
        <CopyValue label="Entity ID (Audience)" value={sp.entityId} />
        <CopyValue label="ACS URL (Reply URL)" value={sp.acsUrl} />
        <CopyValue label="Sprog's SAML metadata" value={sp.metadataUrl} />
      </div>
      {read ? (
        <dl
          aria-label="What Sprog read from the IdP's metadata"
          className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-md border border-border bg-surface-muted px-3 py-2 text-xs sm:grid-cols-[auto_minmax(0,1fr)]"
        >
          <dt className="font-medium text-muted">IdP entity ID</dt>
          <dd className="mb-1 font-mono break-all sm:mb-0">{read.idpEntityId}</dd>
          <dt className="font-medium text-muted">Sign-in URL</dt>
          <dd className="mb-1 font-mono break-all sm:mb-0">{read.ssoUrl}</dd>
          <dt className="font-medium text-muted">Signing certificates</dt>
          <dd>{read.certificateCount}</dd>
        </dl>
      ) : null}
      <Controller
        control={control}
        name="saml.source"
        render={({ field }) => (
          <SegmentedControl
            label="IdP metadata from"
            options={SOURCES}
            value={field.value}
            onChange={field.onChange}
            className="w-fit"
          />
        )}
      />
      {source === "url" ? (
        <FormField
          label="IdP metadata URL"
          error={errors?.metadataUrl?.message}
          hint={keep ?? "Sprog reads it when you save; save again after the IdP changes its signing key."}
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://idp.example.com/saml/metadata"
            {...register("saml.metadataUrl")}
          />
        </FormField>
      ) : (
        <FormField label="IdP metadata XML" error={errors?.metadataXml?.message} hint={keep}>
          <Textarea
            rows={6}
            spellCheck={false}
            className="font-mono text-xs"
            placeholder="<EntityDescriptor …>"
            {...register("saml.metadataXml")}
          />
        </FormField>
      )}
    </>
  );
}
