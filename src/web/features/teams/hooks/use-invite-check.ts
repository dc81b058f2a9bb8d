import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "sonner";
import { acceptInvites } from "../api/accept-invites.ts";
import { refreshTeams } from "../api/team-cache.ts";
import { checkInvites } from "../invite-check.ts";

/**
 * Runs the invite check once the signed-in area opens (after sign-in or a reload): every team the
 * user joined by invite is announced once with 'You joined {team}', and the team lists refresh.
 */
export function useInviteCheck(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void checkInvites({
      userId,
      accept: acceptInvites,
      onJoined: (teams) => {
        for (const team of teams) toast.success(`You joined ${team.name}`);
        void refreshTeams(queryClient);
      },
    });
  }, [userId, queryClient]);
}
