import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise the message goes to the server log, so that a fresh
 * `npm start` can sign in without any mail server.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, logger: Logger): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        // One readable line (the subject carries a sign-in code), the full text as a field.
        logger.warn(
          { to: message.to, text: message.text },
          `E-mail not sent (no SMTP_URL) to ${message.to}: "${message.subject}"`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(
    `${options.smtpUrl}${options.smtpUrl.includes("?") ? "&" : "?"}pool=true`,
  );
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}
