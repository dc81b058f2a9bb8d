import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { BATCH_ITEMS_MARKER } from "../../src/server/ai/prompt.ts";

export interface ChatRequest {
  model: string;
  temperature?: number;
  response_format?: { type: string };
  messages: { role: string; content: MessageContent }[];
}

/** A message's content: text, or parts (text and images) when the request carries a screenshot. */
export type MessageContent =
  | string
  | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];

/** The text of a message: its first text part (the prompt; later parts only caption images). */
export function contentText(content: MessageContent | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  for (const part of content) if (part.type === "text") return part.text;
  return "";
}

/** The user message's text. */
export function userText(request: ChatRequest): string {
  return contentText(request.messages.find((m) => m.role === "user")?.content);
}

/** The images (data: URLs) the user message carries. */
export function imagesOf(request: ChatRequest): string[] {
  const content = request.messages.find((m) => m.role === "user")?.content;
  if (content === undefined || typeof content === "string") return [];
  return content.flatMap((part) => (part.type === "image_url" ? [part.image_url.url] : []));
}

export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** The assistant message content (for 200; unset: the default answer), or the raw error body. */
  content?: string;
  body?: unknown;
  delayMs?: number;
  /** The answer's token counts (null: an answer without `usage`); unset: the server's default. */
  usage?: TokenUsage | null;
}

/** What an answer says it cost, as OpenAI's `usage` field. */
export interface TokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** The text the prompt asks to translate (after "Text:\n"). */
export function textOf(request: ChatRequest): string {
  const user = userText(request);
  return user.slice(user.lastIndexOf("Text:\n") + "Text:\n".length);
}

/** The items of a batch request (the JSON after "Items (JSON):"), or undefined for a single string. */
export function itemsOf(
  request: ChatRequest,
): { id: string; text: string; placeholders: string[]; glossary?: string[] }[] | undefined {
  const user = userText(request);
  const at = user.indexOf(BATCH_ITEMS_MARKER);
  if (at < 0) return undefined;
  return JSON.parse(user.slice(at + BATCH_ITEMS_MARKER.length));
}

/** Whether the request is a writing-assistant call (answered with `suggestion`). */
export function isAssist(request: ChatRequest): boolean {
  return contentText(request.messages.find((m) => m.role === "system")?.content).startsWith("You edit");
}

/** What the server answers when nothing is scripted: `DE: ` + the text, for each kind of call. */
export function defaultContent(request: ChatRequest): string {
  const items = itemsOf(request);
  if (items) {
    return JSON.stringify({
      translations: items.map((item) => ({ id: item.id, translation: `DE: ${item.text}` })),
    });
  }
  if (isAssist(request)) return JSON.stringify({ suggestion: `EDITED: ${textOf(request)}` });
  return JSON.stringify({ translation: `DE: ${textOf(request)}` });
}

function usageField(usage: TokenUsage | null) {
  if (usage === null) return {};
  return { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } };
}

/**
 * An OpenAI-compatible chat completions server on loopback, for the official `openai` client.
 * By default it "translates" by prefixing `DE:` and keeping the text (so placeholders survive), and
 * the writing assistant prefixes `EDITED:`; `script` answers the next requests one by one instead.
 */
export async function startOpenAIServer() {
  const requests: ChatRequest[] = [];
  const script: ScriptedAnswer[] = [];
  let latencyMs = 0;
  let defaultUsage: TokenUsage | null = { prompt_tokens: 1, completion_tokens: 1 };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const request = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
      requests.push(request);
      const answer: ScriptedAnswer = script.shift() ?? { content: defaultContent(request) };
      setTimeout(() => {
        const status = answer.status ?? 200;
        const headers = { "content-type": "application/json", ...answer.headers };
        if (status !== 200) {
          res
            .writeHead(status, headers)
            .end(JSON.stringify(answer.body ?? { error: { message: `status ${status}` } }));
          return;
        }
        res.writeHead(200, headers).end(
          JSON.stringify(
            answer.body ?? {
              id: `chatcmpl-${requests.length}`,
              object: "chat.completion",
              created: Math.floor(Date.now() / 1000),
              model: request.model,
              choices: [
                {
                  index: 0,
                  finish_reason: "stop",
                  message: { role: "assistant", content: answer.content ?? defaultContent(request) },
                },
              ],
              ...usageField(answer.usage === undefined ? defaultUsage : answer.usage),
            },
          ),
        );
      }, answer.delayMs ?? latencyMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script,
    setLatency(ms: number) {
      latencyMs = ms;
    },
    /** The token counts of answers that script none (null: answers without `usage`). */
    setUsage(usage: TokenUsage | null) {
      defaultUsage = usage;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
