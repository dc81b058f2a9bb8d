import { LogOut, UserPen } from "lucide-react";
import { useState } from "react";
import type { Profile } from "../../../../shared/schemas/profiles.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";

// Loaded when first opened: the screen's first paint does not wait for them.
const EditProfileDialog = lazyDialog(() =>
  import("./edit-profile-dialog.tsx").then((module) => module.EditProfileDialog),
);

export interface UserMenuProps {
  name: string;
  email: string;
  profile: Profile | null;
  onSignOut: () => void;
}

/** The initials avatar with Edit Profile and Sign Out. */
export function UserMenu({ name, email, profile, onSignOut }: UserMenuProps) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-label="User menu"
        >
          <Avatar name={name} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span className="truncate text-sm font-medium text-foreground">{name}</span>
            <span className="truncate font-normal">{email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setEditing(true)}>
            <UserPen aria-hidden="true" />
            Edit Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onSignOut}>
            <LogOut aria-hidden="true" />
            Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EditProfileDialog open={editing} onOpenChange={setEditing} profile={profile} email={email} />
    </>
  );
}
