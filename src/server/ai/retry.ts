/** Spec point 9: 3 retries, exponential backoff from 1000 ms plus random jitter up to 1 s. */
export const AI_MAX_RETRIES = 3;
export const AI_BACKOFF_BASE_MS = 1000;
export const AI_BACKOFF_JITTER_MS = 1000;

export function backoffDelayMs(retry: number, random: () => number = Math.random): number {
  return AI_BACKOFF_BASE_MS * 2 ** retry + random() * AI_BACKOFF_JITTER_MS;
}

/** Whether a failed call may be tried again, and after how long if the server said so. */
export interface RetryVerdict {
  retry: boolean;
  afterMs?: number | undefined;
}

/**
 * Runs `call`, retrying what `verdict` calls retryable up to `retries` times: after the server's
 * own wait (429 Retry-After) when given, else after the backoff.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  options: {
    verdict: (error: unknown) => RetryVerdict;
    retries?: number;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<T> {
  const retries = options.retries ?? AI_MAX_RETRIES;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let retry = 0; ; retry++) {
    try {
      return await call();
    } catch (error) {
      const verdict = options.verdict(error);
      if (!verdict.retry || retry >= retries) throw error;
      await sleep(verdict.afterMs ?? backoffDelayMs(retry));
    }
  }
}

/** Reads `retry-after-ms` or `retry-after` (seconds or an HTTP date), as OpenAI-style servers send. */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get("retry-after-ms"));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const raw = headers.get("retry-after");
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
