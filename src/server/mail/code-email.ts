import { CODE_EXPIRY_MINUTES } from "../../shared/schemas/auth.ts";
import type { MailMessage } from "./mailer.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function codeEmail(to: string, code: string, appUrl: string): MailMessage {
  const text = [
    `Your Sprog sign-in code is ${code}`,
    "",
    `Enter it on the verification screen. It expires in ${CODE_EXPIRY_MINUTES} minutes and works once.`,
    "",
    `If you did not ask to sign in to Sprog (${appUrl}), you can ignore this e-mail.`,
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b;background:#f4f4f5;padding:24px">
<table role="presentation" style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<tr><td>
<p style="font-size:16px;margin:0 0 16px">Your Sprog sign-in code is</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:0 0 16px">${escapeHtml(code)}</p>
<p style="font-size:14px;color:#52525b;margin:0 0 8px">Enter it on the verification screen. It expires in ${CODE_EXPIRY_MINUTES} minutes and works once.</p>
<p style="font-size:12px;color:#71717a;margin:0">If you did not ask to sign in to <a href="${escapeHtml(appUrl)}">Sprog</a>, you can ignore this e-mail.</p>
</td></tr></table></body></html>`;
  return { to, subject: `${code} is your Sprog code`, text, html };
}
