import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { INVITABLE_ROLES } from "../../../../shared/permissions.ts";
import { createInviteBodySchema, INVITE_ERRORS } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormActions, FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useInviteMember } from "../api/invite-member.ts";
import { ROLE_LABELS } from "./members-list.tsx";

export const NO_TEAM_TO_INVITE = "Cannot invite member: No team selected.";

export interface InviteDialogProps {
  team: { id: string; name: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Invite Team Member: one e-mail address, which gets a sign-in link, and the role signing in gives
 * (reviewer unless the inviter chooses admin; issue 34).
 */
export function InviteDialog({ team, open, onOpenChange }: InviteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Invite Team Member"
        description={
          team
            ? `We e-mail them a sign-in link. Signing in with that address joins ${team.name} with the role you choose here.`
            : undefined
        }
      >
        {open ? <InviteForm team={team} onInvited={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ team, onInvited }: { team: InviteDialogProps["team"]; onInvited: () => void }) {
  const invite = useInviteMember(team?.id ?? "");
  const form = useForm({
    resolver: zodResolver(createInviteBodySchema),
    defaultValues: { email: "", role: "reviewer" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!team) {
      form.setError("root.server", { message: NO_TEAM_TO_INVITE });
      return;
    }
    try {
      const sent = await invite.mutateAsync(values);
      toast.success(`Invite sent to ${sent.email}`);
      onInvited();
    } catch (error) {
      // 'User is already a team member' and 'User already has a pending invite' are about the address.
      if (error instanceof ApiError && error.code === "conflict") {
        form.setError("email", { message: error.message }, { shouldFocus: true });
      } else {
        form.setError("root.server", {
          message:
            error instanceof ApiError && error.status < 500
              ? errorMessage(error, INVITE_ERRORS.sendFailed)
              : INVITE_ERRORS.sendFailed,
        });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="off"
          placeholder="name@company.com"
          autoFocus
          {...form.register("email")}
        />
      </FormField>
      <FormField
        label="Role"
        error={errors.role?.message}
        hint="Admins manage projects, keys and members; reviewers edit strings and work through reviews."
      >
        <NativeSelect {...form.register("role")}>
          {INVITABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormServerError message={errors.root?.server?.message} />
      <FormActions
        submitLabel="Send invite"
        loading={isSubmitting}
        secondaryAction={
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
        }
      />
    </form>
  );
}
