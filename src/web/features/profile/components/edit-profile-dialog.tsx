import { toast } from "sonner";
import type { Profile } from "../../../../shared/schemas/profiles.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { ProfileForm } from "./profile-form.tsx";

export interface EditProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile | null;
}

export function EditProfileDialog({ open, onOpenChange, profile }: EditProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Profile" description="Update the name your team sees.">
        {open ? (
          <ProfileForm
            initial={profile ? { firstName: profile.firstName, lastName: profile.lastName } : undefined}
            submitLabel="Save"
            fallbackError="Failed to update profile. Please try again."
            onSaved={() => {
              toast.success("Profile updated");
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
