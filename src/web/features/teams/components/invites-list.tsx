import { Mail, Trash2 } from "lucide-react";
import type { TeamInvite } from "../../../../shared/schemas/teams.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ROLE_LABELS } from "./members-list.tsx";

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });

export interface InvitesListProps {
  /** Already filtered by the search. */
  invites: TeamInvite[];
  /** canRemoveUsers: a delete button per invite. */
  canRemoveUsers: boolean;
  onRemove: (invite: TeamInvite) => void;
}

/** 'Invites': e-mail, date, delete (spec point 2), and the role the invite gives (issue 34). */
export function InvitesList({ invites, canRemoveUsers, onRemove }: InvitesListProps) {
  if (invites.length === 0) {
    return <Card className="px-4 py-6 text-center text-sm text-muted shadow-xs">No pending invites.</Card>;
  }
  return (
    <Card className="overflow-hidden shadow-xs">
      <ul aria-label="Invites" className="divide-y divide-border">
        {invites.map((invite) => (
          <li
            key={invite.id}
            aria-label={invite.email}
            className="flex flex-wrap items-center gap-3 px-4 py-3"
          >
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-muted text-muted">
              <Mail className="size-4" aria-hidden="true" />
            </span>
            <span className="min-w-40 flex-1 font-medium break-all">{invite.email}</span>
            <span className="text-xs text-muted">as {ROLE_LABELS[invite.role]}</span>
            <time dateTime={invite.createdAt} className="text-xs text-muted">
              {dateFormat.format(new Date(invite.createdAt))}
            </time>
            {canRemoveUsers ? (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove invite for ${invite.email}`}
                title="Remove invite"
                onClick={() => onRemove(invite)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
