import type { JoinedTeams } from "../../../shared/schemas/teams.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage-keys.ts";

/** Spec point 9: after a failed invite check, the next waits 1 hour unless forced. */
export const INVITE_CHECK_BACKOFF_MS = 60 * 60 * 1000;

export function inviteCheckDue(failedAt: string | null, now: number, force = false): boolean {
  if (force || failedAt === null) return true;
  const at = Number(failedAt);
  if (!Number.isFinite(at) || at > now) return true;
  return now - at >= INVITE_CHECK_BACKOFF_MS;
}

export type InviteCheckResult = "skipped" | "checked" | "failed";

const running = new Map<string, Promise<InviteCheckResult>>();

/**
 * The invite check after sign-in: asks the server to join the teams that invited the user's address
 * and hands the newly joined ones to `onJoined` (to say 'You joined {team}'). A failure is
 * remembered per user for an hour; a success forgets it. One check per user runs at a time (a
 * second call while one runs shares it), so a join is never announced twice by one tab.
 */
export function checkInvites(options: {
  userId: string;
  accept: () => Promise<JoinedTeams>;
  onJoined: (teams: JoinedTeams["joined"]) => void;
  force?: boolean;
  now?: () => number;
}): Promise<InviteCheckResult> {
  const { userId, accept, onJoined, force = false, now = Date.now } = options;
  const key = STORAGE_KEYS.inviteCheckFailedAt(userId);
  const current = running.get(userId);
  if (current) return current;
  if (!inviteCheckDue(readStorage(key), now(), force)) return Promise.resolve("skipped");

  const check = (async (): Promise<InviteCheckResult> => {
    try {
      const { joined } = await accept();
      writeStorage(key, null);
      if (joined.length > 0) onJoined(joined);
      return "checked";
    } catch {
      writeStorage(key, String(now()));
      return "failed";
    } finally {
      running.delete(userId);
    }
  })();
  running.set(userId, check);
  return check;
}
