import { MailCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { EMAIL_CHANGE_LINK_HOURS, type Profile } from "../../../../shared/schemas/profiles.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { ProfileForm } from "./profile-form.tsx";

export interface EditProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile | null;
  /** The account's e-mail address (what one signs in with). */
  email: string;
}

/** Edit Profile (spec point 2 dialogs): the name the team sees, and the sign-in e-mail address. */
export function EditProfileDialog({ open, onOpenChange, profile, email }: EditProfileDialogProps) {
  // The new address a confirmation link went to: the dialog then says to check that inbox.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = (next: boolean) => {
    if (!next) setSentTo(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Edit Profile"
        description="Update the name your team sees and your e-mail address."
      >
        {!open ? null : sentTo ? (
          <CheckInbox sentTo={sentTo} email={email} />
        ) : (
          <ProfileForm
            initial={profile ? { firstName: profile.firstName, lastName: profile.lastName } : undefined}
            email={email}
            submitLabel="Save"
            fallbackError="Failed to update profile. Please try again."
            onSaved={(_saved, pendingEmail) => {
              if (pendingEmail) {
                setSentTo(pendingEmail);
                return;
              }
              toast.success("Profile updated");
              change(false);
            }}
            secondaryAction={
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CheckInbox({ sentTo, email }: { sentTo: string; email: string }) {
  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="flex items-start gap-3 rounded-md bg-surface-muted px-4 py-3 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <p className="font-medium text-foreground">Check your inbox</p>
          <p className="text-muted">
            We sent a confirmation link to{" "}
            <span className="font-medium text-foreground break-all">{sentTo}</span>. Your e-mail address
            changes when you open it (within {EMAIL_CHANGE_LINK_HOURS} hours); until then you sign in with{" "}
            <span className="break-all">{email}</span>.
          </p>
        </div>
      </div>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}
