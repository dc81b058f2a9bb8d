import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the test mail server received it. */
export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** Header names lower-cased; a repeated header keeps its last value. */
  headers: Record<string, string>;
  /** Decoded Subject header. */
  subject: string;
  /** The decoded text/plain part, if any. */
  text: string | undefined;
  /** The decoded text/html part, if any. */
  html: string | undefined;
  /** The whole message as received. */
  raw: string;
  receivedAt: Date;
}

export interface WaitForMailOptions {
  /** Default 10 s. */
  timeoutMs?: number;
  /** Wait until at least this many messages to the address have arrived (default 1); answers the last. */
  count?: number;
}

export interface MailServer {
  port: number;
  /** For SMTP_URL; STARTTLS is off, so plain SMTP. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** Messages sent to `to` (envelope or To header, case-insensitive), oldest first. */
  mailsTo(to: string): ReceivedMail[];
  /** The latest message to `to`, waiting until `count` messages to it have arrived. */
  waitForMail(to: string, options?: WaitForMailOptions): Promise<ReceivedMail>;
  /** The 6-digit code in the latest message to `to` (text part), waiting for it as waitForMail does. */
  codeFor(to: string, options?: WaitForMailOptions): Promise<string>;
  close(): Promise<void>;
}

const CODE_PATTERN = /\b(\d{6})\b/;

/** Starts an SMTP server on 127.0.0.1 on a free port that keeps every message in memory. */
export async function startMailServer(): Promise<MailServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Its bundled certificate has expired: clients that try STARTTLS would fail.
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        try {
          const raw = Buffer.concat(chunks).toString("utf8");
          const mailFrom = session.envelope.mailFrom;
          messages.push(
            parseMail(raw, {
              from: mailFrom ? mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            }),
          );
          for (const wake of waiters) wake();
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  server.on("error", () => {});

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  const mailsTo = (to: string) => {
    const address = to.toLowerCase();
    return messages.filter(
      (mail) => mail.to.includes(address) || (mail.headers.to ?? "").toLowerCase().includes(address),
    );
  };

  const waitForMail = async (to: string, options: WaitForMailOptions = {}) => {
    const { timeoutMs = 10_000, count = 1 } = options;
    const found = () => {
      const list = mailsTo(to);
      return list.length >= count ? list[list.length - 1] : undefined;
    };
    const now = found();
    if (now) return now;
    return new Promise<ReceivedMail>((resolve, reject) => {
      const check = () => {
        const mail = found();
        if (!mail) return;
        cleanup();
        resolve(mail);
      };
      const timer = setTimeout(() => {
        cleanup();
        const got = mailsTo(to).length;
        reject(
          new Error(
            `No e-mail #${count} to ${to} within ${timeoutMs} ms (got ${got} to it, ${messages.length} in all` +
              `${messages.length ? `: ${messages.map((m) => `${m.to.join(",")} "${m.subject}"`).join("; ")}` : ""})`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
    });
  };

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailsTo,
    waitForMail,
    async codeFor(to, options) {
      const mail = await waitForMail(to, options);
      const match = (mail.text ?? "").match(CODE_PATTERN);
      if (!match?.[1]) {
        throw new Error(
          `The latest e-mail to ${to} ("${mail.subject}") has no 6-digit code in its text part`,
        );
      }
      return match[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// A small MIME reader: enough for what nodemailer sends (multipart/alternative or /mixed, text
// and HTML parts, 7bit/8bit, quoted-printable or base64, RFC 2047 encoded headers).

interface MimePart {
  headers: Record<string, string>;
  body: string;
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const root = splitPart(raw);
  const leaves = collectLeaves(root);
  const find = (type: string) => {
    const leaf = leaves.find((part) => {
      const contentType = headerValue(part.headers["content-type"] ?? "text/plain").toLowerCase();
      const disposition = headerValue(part.headers["content-disposition"] ?? "").toLowerCase();
      return contentType === type && disposition !== "attachment";
    });
    return leaf ? decodeBody(leaf) : undefined;
  };
  return {
    from: envelope.from,
    to: envelope.to,
    headers: Object.fromEntries(Object.entries(root.headers).map(([k, v]) => [k, decodeWords(v)])),
    subject: decodeWords(root.headers.subject ?? ""),
    text: find("text/plain"),
    html: find("text/html"),
    raw,
    receivedAt: new Date(),
  };
}

function splitPart(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  // Unfold continuation lines, then split "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectLeaves(part: MimePart): MimePart[] {
  const contentType = part.headers["content-type"] ?? "text/plain";
  if (!headerValue(contentType).toLowerCase().startsWith("multipart/")) return [part];
  const boundary = headerParam(contentType, "boundary");
  if (!boundary) return [part];
  const delimiter = `--${boundary}`;
  const leaves: MimePart[] = [];
  const sections = part.body.split(delimiter);
  // sections[0] is the preamble; the one starting with "--" follows the closing delimiter.
  for (const section of sections.slice(1)) {
    if (section.startsWith("--")) break;
    const content = section.replace(/^[ \t]*\n/, "").replace(/\n$/, "");
    leaves.push(...collectLeaves(splitPart(content)));
  }
  return leaves;
}

/** "text/plain; charset=utf-8" -> "text/plain" */
function headerValue(header: string): string {
  return (header.split(";")[0] ?? "").trim();
}

function headerParam(header: string, name: string): string | undefined {
  const match = header.match(new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i"));
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").trim().toLowerCase();
  const charset = headerParam(part.headers["content-type"] ?? "", "charset") ?? "utf-8";
  let bytes: Buffer;
  if (encoding === "base64") {
    bytes = Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  } else if (encoding === "quoted-printable") {
    bytes = decodeQuotedPrintable(part.body);
  } else {
    bytes = Buffer.from(part.body, "utf8");
  }
  return decodeCharset(bytes, charset);
}

function decodeQuotedPrintable(body: string): Buffer {
  // Trailing whitespace on a line is padding; "=" at the end of a line is a soft break.
  return decodeHexEscapes(body.replace(/[ \t]+$/gm, "").replace(/=\n/g, ""));
}

function decodeHexEscapes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const hex = text.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const byte of Buffer.from(ch, "utf8")) bytes.push(byte);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** RFC 2047 encoded words: =?UTF-8?Q?...?= and =?UTF-8?B?...?=; adjacent words join without space. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, charset: string, mode: string, text: string) => {
      const bytes =
        mode.toUpperCase() === "B" ? Buffer.from(text, "base64") : decodeHexEscapes(text.replace(/_/g, " "));
      return decodeCharset(bytes, charset);
    });
}
