import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { createInviteBodySchema, INVITE_ERRORS } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormActions, FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useInviteMember } from "../api/invite-member.ts";

export const NO_TEAM_TO_INVITE = "Cannot invite member: No team selected.";

export interface InviteDialogProps {
  team: { id: string; name: string } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invite Team Member: one e-mail address, which gets a sign-in link; signing in joins the team. */
export function InviteDialog({ team, open, onOpenChange }: InviteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Invite Team Member"
        description={
          team
            ? `We e-mail them a sign-in link. Signing in with that address joins ${team.name} as a reviewer; the owner can make them an admin in the members list.`
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
  const form = useForm({ resolver: zodResolver(createInviteBodySchema), defaultValues: { email: "" } });
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
