import OpenAI from "openai";
import { AppError } from "../errors.ts";
import { translationMessages } from "./prompt.ts";
import type { TranslationProvider } from "./provider.ts";

/**
 * The official client against any OpenAI-compatible chat endpoint (OpenAI, Azure OpenAI, OpenRouter,
 * Ollama, vLLM, LM Studio). It retries 429 and 5xx itself, honouring Retry-After.
 */
export function createOpenAIProvider(options: {
  apiKey: string;
  baseURL: string | undefined;
  model: string;
}): TranslationProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: 3,
    timeout: 60_000,
  });
  return {
    name: "openai",
    model: options.model,
    async complete(request) {
      let content: unknown;
      try {
        const completion = await client.chat.completions.create({
          model: request.model,
          temperature: 0,
          response_format: { type: "json_object" },
          messages: translationMessages(request),
        });
        content = completion.choices?.[0]?.message?.content;
      } catch (error) {
        if (error instanceof OpenAI.APIError) {
          const body = typeof error.error === "object" ? JSON.stringify(error.error) : String(error.message);
          throw new AppError("upstream_failed", `API request failed: ${error.status ?? "no status"} ${body}`);
        }
        throw new AppError("upstream_failed", `API request failed: ${(error as Error).message}`);
      }
      if (typeof content !== "string")
        throw new AppError("upstream_failed", "Invalid response format from AI service");
      let parsed: unknown;
      try {
        parsed = JSON.parse(content);
      } catch {
        throw new AppError("upstream_failed", "Failed to parse AI translation response");
      }
      const translation = (parsed as { translation?: unknown } | null)?.translation;
      if (typeof translation !== "string")
        throw new AppError("upstream_failed", "Failed to parse AI translation response");
      return translation;
    },
  };
}
