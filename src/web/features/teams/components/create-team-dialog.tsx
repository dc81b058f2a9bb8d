import { toast } from "sonner";
import type { TeamSummary } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { CreateTeamForm } from "./create-team-form.tsx";

export interface CreateTeamDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (team: TeamSummary) => void;
}

export function CreateTeamDialog({ open, onOpenChange, onCreated }: CreateTeamDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create Team" description="A team owns projects and their translations.">
        {open ? (
          <CreateTeamForm
            submitLabel="Create Team"
            onCreated={(team) => {
              toast.success("Team created successfully");
              onCreated(team);
              onOpenChange(false);
            }}
            secondaryAction={
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
            }
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
