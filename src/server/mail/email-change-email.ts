import { EMAIL_CHANGE_LINK_HOURS } from "../../shared/schemas/profiles.ts";
import type { MailMessage } from "./mailer.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(paragraphs: string): string {
  return `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b;background:#f4f4f5;padding:24px">
<table role="presentation" style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<tr><td>
${paragraphs}
</td></tr></table></body></html>`;
}

/** To the NEW address: the link that makes it the account's address (it proves the address is theirs). */
export function emailChangeConfirmEmail({ to, confirmUrl }: { to: string; confirmUrl: string }): MailMessage {
  const text = [
    "Confirm your new e-mail address for Sprog",
    "",
    `Open this link to use ${to} to sign in to Sprog from now on: ${confirmUrl}`,
    "",
    `The link works once and expires in ${EMAIL_CHANGE_LINK_HOURS} hours. Until you open it, your account keeps its current address.`,
    "",
    "If you did not ask to change your address, you can ignore this e-mail.",
  ].join("\n");
  const html =
    page(`<p style="font-size:16px;margin:0 0 16px">Open this link to use <strong>${escapeHtml(to)}</strong> to sign in to Sprog from now on.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;font-weight:600;border-radius:6px;padding:10px 18px">Confirm new address</a></p>
<p style="font-size:14px;color:#52525b;margin:0 0 8px">The link works once and expires in ${EMAIL_CHANGE_LINK_HOURS} hours. Until you open it, your account keeps its current address.</p>
<p style="font-size:12px;color:#71717a;margin:0">If you did not ask to change your address, you can ignore this e-mail.</p>`);
  return { to, subject: "Confirm your new e-mail address for Sprog", text, html };
}

/** To the OLD address, once the change is done: someone who did not make it learns of it. */
export function emailChangedNotice({
  to,
  newEmail,
  appUrl,
}: {
  to: string;
  newEmail: string;
  appUrl: string;
}): MailMessage {
  const text = [
    "Your Sprog e-mail address was changed",
    "",
    `Your Sprog account (${appUrl}) now signs in with ${newEmail} instead of this address.`,
    "",
    "If you did not make this change, reply to this e-mail or contact your Sprog administrator.",
  ].join("\n");
  const html =
    page(`<p style="font-size:16px;margin:0 0 16px">Your Sprog account now signs in with <strong>${escapeHtml(newEmail)}</strong> instead of this address.</p>
<p style="font-size:12px;color:#71717a;margin:0">If you did not make this change, reply to this e-mail or contact the administrator of <a href="${escapeHtml(appUrl)}">Sprog</a>.</p>`);
  return { to, subject: "Your Sprog e-mail address was changed", text, html };
}
