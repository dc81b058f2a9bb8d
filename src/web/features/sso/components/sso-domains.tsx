import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { addDomainBodySchema, type TeamDomain } from "../../../../shared/schemas/sso.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useAddDomain, useRemoveDomain, useVerifyDomain } from "../api/change-domains.ts";
import { DomainBadge } from "./domain-badge.tsx";
import { TxtRecord } from "./txt-record.tsx";

export interface SsoDomainsProps {
  teamId: string;
  domains: readonly TeamDomain[];
}

/** The domains whose addresses sign in through the team's provider, once a DNS TXT record proves them. */
export function SsoDomains({ teamId, domains }: SsoDomainsProps) {
  const headingId = useId();
  const remove = useRemoveDomain(teamId);
  const [removing, setRemoving] = useState<TeamDomain | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(`${removing.domain} removed`);
        setRemoving(null);
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(errorMessage(error, "Failed to remove the domain"));
      },
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-border bg-background p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold">
        Domains
      </h3>
      {domains.length === 0 ? (
        <p className="text-sm text-muted">
          No domains yet. Add the part after the @ of your team's e-mail addresses, then prove you own it.
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-border">
          {domains.map((domain) => (
            <DomainItem
              key={domain.id}
              teamId={teamId}
              domain={domain}
              onRemove={() => setRemoving(domain)}
            />
          ))}
        </ul>
      )}
      <AddDomainForm teamId={teamId} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing?.domain ?? "domain"}?`}
        description={
          removing?.verified
            ? "Its addresses no longer sign in through your identity provider, and single sign-on no longer applies to them. To use it again, the domain must be verified again."
            : "It leaves the list; the TXT record at your DNS host is no longer needed."
        }
        confirmLabel="Remove"
        destructive
        loading={remove.isPending}
        onConfirm={confirmRemove}
      />
    </section>
  );
}

function DomainItem({
  teamId,
  domain,
  onRemove,
}: {
  teamId: string;
  domain: TeamDomain;
  onRemove: () => void;
}) {
  // One mutation per domain: its Verify button's spinner and its error stay with it.
  const verify = useVerifyDomain(teamId);
  const errorId = useId();

  const check = () => {
    verify.mutate(domain.id, {
      onSuccess: (verified) => toast.success(`${verified.domain} is verified`),
    });
  };

  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0" data-testid={`domain-${domain.domain}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 font-medium break-all">{domain.domain}</span>
        <DomainBadge verified={domain.verified} />
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-label={`Remove ${domain.domain}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
      {domain.verified ? null : (
        <>
          <TxtRecord domain={domain} />
          {verify.isError ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-danger">
              {errorMessage(verify.error, "Failed to verify the domain")}
            </p>
          ) : null}
          <div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Verify ${domain.domain}`}
              aria-describedby={verify.isError ? errorId : undefined}
              loading={verify.isPending}
              onClick={check}
            >
              Verify
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function AddDomainForm({ teamId }: { teamId: string }) {
  const add = useAddDomain(teamId);
  const form = useForm({ resolver: zodResolver(addDomainBodySchema), defaultValues: { domain: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ domain }) => {
    try {
      const added = await add.mutateAsync(domain);
      form.reset();
      toast.success(`${added.domain} added: publish its TXT record, then verify it`);
    } catch (error) {
      // A 409 (on the list already, or verified by another team) says why under the field.
      form.setError(
        "domain",
        { message: errorMessage(error, "Failed to add the domain") },
        { shouldFocus: true },
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <FormField label="Add a domain" error={errors.domain?.message} className="sm:max-w-80 sm:flex-1">
        <Input
          placeholder="example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...form.register("domain")}
        />
      </FormField>
      {/* Level with the input: the label above it is 14px high with a 6px gap. */}
      <Button type="submit" variant="outline" loading={isSubmitting} className="sm:mt-5">
        Add domain
      </Button>
    </form>
  );
}
