import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { updateTeamBodySchema } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DangerZone } from "../../../components/ui/danger-zone.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { failureText } from "../../../lib/failure-text.ts";
import { useDeleteTeam } from "../api/delete-team.ts";
import { useUpdateTeam } from "../api/update-team.ts";

export const UPDATE_TEAM_NAME_FAILED = "Failed to update team name";
export const DELETE_TEAM_FAILED = "Failed to delete team";

export interface EditTeamDialogProps {
  team: { id: string; name: string };
  /** canManageTeam: shows the delete-team action (the owner). */
  canDelete: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (teamId: string) => void;
}

/** Edit Team: rename (Save only once the name changed) and, for the owner, delete with confirmation. */
export function EditTeamDialog({ team, canDelete, open, onOpenChange, onDeleted }: EditTeamDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Team" description="Rename the team, or delete it with all its projects.">
        {open ? (
          <EditTeamForm
            team={team}
            canDelete={canDelete}
            onSaved={() => onOpenChange(false)}
            onDeleted={(teamId) => {
              onOpenChange(false);
              onDeleted(teamId);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EditTeamForm({
  team,
  canDelete,
  onSaved,
  onDeleted,
}: {
  team: EditTeamDialogProps["team"];
  canDelete: boolean;
  onSaved: () => void;
  onDeleted: (teamId: string) => void;
}) {
  const update = useUpdateTeam(team.id);
  const remove = useDeleteTeam();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({ resolver: zodResolver(updateTeamBodySchema), defaultValues: { name: team.name } });
  const { errors, isSubmitting } = form.formState;
  const changed = form.watch("name").trim() !== team.name;

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.name === team.name) return;
    try {
      await update.mutateAsync(values);
      toast.success("Team updated");
      onSaved();
    } catch (error) {
      form.setError("root.server", { message: failureText(error, UPDATE_TEAM_NAME_FAILED) });
    }
  });

  const confirmDelete = () => {
    remove.mutate(team.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success("Team deleted");
        onDeleted(team.id);
      },
      onError: () => {
        setConfirming(false);
        toast.error(DELETE_TEAM_FAILED);
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Team name" error={errors.name?.message}>
          <Input autoComplete="organization" autoFocus {...form.register("name")} />
        </FormField>
        <FormServerError message={errors.root?.server?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" loading={isSubmitting} disabled={!changed}>
            Save
          </Button>
        </div>
      </form>
      {canDelete ? (
        <DangerZone
          action="Delete team"
          description="Deletes the team with all its projects, keys and translations."
          onAction={() => setConfirming(true)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete team?"
        description={
          <>
            Are you sure you want to delete <strong className="text-foreground">{team.name}</strong>? All its
            projects, keys and translations will be deleted. This action cannot be undone.
          </>
        }
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
