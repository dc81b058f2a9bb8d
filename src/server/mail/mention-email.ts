import type { MailMessage } from "./mailer.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** Names and keys go into the subject line: no line breaks or other control characters there. */
const oneLine = (value: string) => value.replace(/\p{Cc}+/gu, " ").trim();

export interface MentionEmail {
  to: string;
  /** How the author is named to teammates (full name, else e-mail). */
  author: string;
  projectName: string;
  key: string;
  /** The language's name, e.g. "German". */
  languageName: string;
  /** The comment as written. */
  body: string;
  /** The Overview at the key and language. */
  url: string;
}

/** Tells a team member that a comment mentioned them: who, where, what, and a link to the cell. */
export function mentionEmail({ to, body, url, ...names }: MentionEmail): MailMessage {
  const author = oneLine(names.author);
  const key = oneLine(names.key);
  const where = `${key} (${oneLine(names.languageName)})`;
  const projectName = oneLine(names.projectName);
  const text = [
    `${author} mentioned you in a comment on ${where} in the project ${projectName} on Sprog:`,
    "",
    ...body.split("\n").map((line) => `> ${line}`),
    "",
    `Open it: ${url}`,
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#18181b;background:#f4f4f5;padding:24px">
<table role="presentation" style="max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<tr><td>
<p style="font-size:16px;margin:0 0 16px"><strong>${escapeHtml(author)}</strong> mentioned you in a comment on <strong>${escapeHtml(where)}</strong> in the project <strong>${escapeHtml(projectName)}</strong>.</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;white-space:pre-wrap">${escapeHtml(body)}</blockquote>
<p style="margin:0"><a href="${escapeHtml(url)}">Open the comment in Sprog</a></p>
</td></tr></table></body></html>`;
  return { to, subject: `${author} mentioned you on ${where}`, text, html };
}
