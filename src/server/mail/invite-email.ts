import type { MailMessage } from "./mailer.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Names go into the subject line: no line breaks or other control characters there. */
const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, " ").trim();

export interface InviteEmail {
  to: string;
  teamName: string;
  /** Who invited, as their team sees them (full name, else e-mail). */
  inviterName: string;
  /** What joining makes them (issue 34: the inviter chooses). */
  role: "admin" | "reviewer";
  /** Where to sign in (or sign up) with the invited address: joining happens on sign-in. */
  signInUrl: string;
}

/** The invite to a team: signing in with the invited address joins it (no link token to lose). */
export function inviteEmail({ to, signInUrl, role, ...names }: InviteEmail): MailMessage {
  const asRole = role === "admin" ? "an admin" : "a reviewer";
  const teamName = oneLine(names.teamName);
  const inviterName = oneLine(names.inviterName);
  const text = [
    `${inviterName} invited you to join the team ${teamName} on Sprog as ${asRole}.`,
    "",
    `Sign in with this address (${to}) to join: ${signInUrl}`,
    "",
    "You join the team as soon as you sign in; new to Sprog? Signing in creates your account.",
    "",
    "If you did not expect this invite, you can ignore this e-mail.",
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b;background:#f4f4f5;padding:24px">
<table role="presentation" style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<tr><td>
<p style="font-size:16px;margin:0 0 16px">${escapeHtml(inviterName)} invited you to join the team <strong>${escapeHtml(teamName)}</strong> on Sprog as ${asRole}.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(signInUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600;border-radius:6px;padding:10px 18px">Sign in to join</a></p>
<p style="font-size:14px;color:#52525b;margin:0 0 8px">Sign in with this address (${escapeHtml(to)}). You join the team as soon as you sign in; new to Sprog? Signing in creates your account.</p>
<p style="font-size:12px;color:#71717a;margin:0">If you did not expect this invite, you can ignore this e-mail.</p>
</td></tr></table></body></html>`;
  return { to, subject: `${inviterName} invited you to ${teamName} on Sprog`, text, html };
}
