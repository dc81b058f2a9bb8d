import type { MailMessage } from "./mailer.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Names go into the subject line: no line breaks or other control characters there. */
const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, " ").trim();

export interface WebhookDisabledEmail {
  to: string;
  projectName: string;
  url: string;
  /** Why it was turned off, e.g. "15 failed attempts in a row; last: Connection refused by …". */
  reason: string;
  /** Project Settings → Webhooks, where it can be turned on again. */
  settingsUrl: string;
}

/** Tells a project owner that the server turned a webhook off, which one and why. */
export function webhookDisabledEmail({
  to,
  url,
  reason,
  settingsUrl,
  ...names
}: WebhookDisabledEmail): MailMessage {
  const projectName = oneLine(names.projectName);
  const text = [
    `The webhook ${url} of the project ${projectName} on Sprog has been turned off.`,
    "",
    `Why: ${reason}`,
    "",
    `Fix the receiver, then turn the webhook on again in Project Settings → Webhooks: ${settingsUrl}`,
    "Its delivery log shows each attempt with the receiver's answer.",
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b;background:#f4f4f5;padding:24px">
<table role="presentation" style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<tr><td>
<p style="font-size:16px;margin:0 0 16px">The webhook <strong>${escapeHtml(url)}</strong> of the project <strong>${escapeHtml(projectName)}</strong> has been turned off.</p>
<p style="margin:0 0 16px">Why: ${escapeHtml(reason)}</p>
<p style="font-size:14px;color:#52525b;margin:0 0 8px">Fix the receiver, then turn the webhook on again in <a href="${escapeHtml(settingsUrl)}">Project Settings → Webhooks</a>. Its delivery log shows each attempt with the receiver's answer.</p>
</td></tr></table></body></html>`;
  return { to, subject: `Webhook turned off in ${projectName} on Sprog`, text, html };
}
