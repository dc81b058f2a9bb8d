import OpenAI from "openai";
import { AppError } from "../errors.ts";
import { characterCount, noUsageRecorder, type UsageRecorder } from "./ai-usage.ts";
import { assistMessages } from "./assist-prompt.ts";
import { batchTranslationMessages, type ChatMessage, translationMessages } from "./prompt.ts";
import type { TranslationProvider, VoiceContext } from "./provider.ts";
import { type RetryVerdict, retryAfterMs, withRetries } from "./retry.ts";

/** 429, 408, 409, 5xx and lost connections are worth another try; other answers are not. */
function verdict(error: unknown): RetryVerdict {
  if (error instanceof OpenAI.APIConnectionError) return { retry: true };
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    if (status === 429) return { retry: true, afterMs: retryAfterMs(error.headers) };
    return { retry: status === 408 || status === 409 || status >= 500 };
  }
  return { retry: false };
}

function parseFailure(): AppError {
  return new AppError("upstream_failed", "Failed to parse AI translation response");
}

/**
 * The official client against any OpenAI-compatible chat endpoint (OpenAI, Azure OpenAI, OpenRouter,
 * Ollama, vLLM, LM Studio). Retries are ours (spec point 9: 3, backoff from 1 s plus up to 1 s
 * jitter, a 429's Retry-After honoured), so the client's own are off.
 */
export function createOpenAIProvider(options: {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
  sleep?: (ms: number) => Promise<void>;
  /** Told each answered call's tokens (the answer's `usage`) and source characters, by team. */
  recordUsage?: UsageRecorder;
}): TranslationProvider {
  const recordUsage = options.recordUsage ?? noUsageRecorder;
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: 0,
    timeout: 120_000,
  });

  /**
   * One chat call answered with a JSON object. Its usage is recorded as soon as it is answered,
   * before the answer is read: an unusable answer was paid for too.
   */
  async function chatJson(
    request: VoiceContext,
    messages: ChatMessage[],
    characters: number,
  ): Promise<Record<string, unknown>> {
    const { model } = request;
    let content: unknown;
    try {
      const completion = await withRetries(
        () =>
          client.chat.completions.create({
            model,
            temperature: 0,
            response_format: { type: "json_object" },
            messages,
          }),
        { verdict, ...(options.sleep ? { sleep: options.sleep } : {}) },
      );
      await recordUsage({
        teamId: request.teamId,
        inputTokens: completion.usage?.prompt_tokens ?? 0,
        outputTokens: completion.usage?.completion_tokens ?? 0,
        characters,
      });
      content = completion.choices?.[0]?.message?.content;
    } catch (error) {
      if (error instanceof OpenAI.APIError) {
        const body = typeof error.error === "object" ? JSON.stringify(error.error) : String(error.message);
        throw new AppError("upstream_failed", `API request failed: ${error.status ?? "no status"} ${body}`, {
          retryAfterSeconds: error.status === 429 ? (retryAfterMs(error.headers) ?? 0) / 1000 : undefined,
        });
      }
      throw new AppError("upstream_failed", `API request failed: ${(error as Error).message}`);
    }
    if (typeof content !== "string")
      throw new AppError("upstream_failed", "Invalid response format from AI service");
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw parseFailure();
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw parseFailure();
    return parsed as Record<string, unknown>;
  }

  return {
    name: "openai",
    model: options.model,
    async complete(request) {
      const { translation } = await chatJson(
        request,
        translationMessages(request),
        characterCount(request.sourceText),
      );
      if (typeof translation !== "string") throw parseFailure();
      return translation;
    },
    async completeBatch(request) {
      const { translations } = await chatJson(
        request,
        batchTranslationMessages(request),
        request.items.reduce((sum, item) => sum + characterCount(item.sourceText), 0),
      );
      if (!Array.isArray(translations)) throw parseFailure();
      const byId = new Map<string, string>();
      for (const entry of translations) {
        const { id, translation } = (entry ?? {}) as { id?: unknown; translation?: unknown };
        if (typeof id === "string" && typeof translation === "string") byId.set(id, translation);
      }
      return byId;
    },
    async assist(request) {
      const { suggestion } = await chatJson(request, assistMessages(request), 0);
      if (typeof suggestion !== "string") throw parseFailure();
      return suggestion;
    },
  };
}
