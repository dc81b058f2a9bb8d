import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Context } from "hono";
import { stream } from "hono/streaming";

/** Items serialized per slice: small enough that one slice costs a few milliseconds. */
const ITEMS_PER_SLICE = 1000;

/**
 * `{ [field]: items, ...rest }` as JSON, the same text `c.json` would send, written slice by slice
 * with a turn of the event loop in between: one JSON.stringify of 50,000 keys holds the server
 * for about a second, during which no other request (not even a tiny one) is answered.
 */
export function jsonWithLongList(
  c: Context,
  field: string,
  items: readonly unknown[],
  rest: Record<string, unknown>,
): Response {
  if (items.length <= ITEMS_PER_SLICE) return c.json({ [field]: items, ...rest });
  c.header("content-type", "application/json; charset=UTF-8");
  return stream(c, async (out) => {
    await out.write(`{${JSON.stringify(field)}:[`);
    for (let start = 0; start < items.length; start += ITEMS_PER_SLICE) {
      const slice = JSON.stringify(items.slice(start, start + ITEMS_PER_SLICE));
      await out.write((start === 0 ? "" : ",") + slice.slice(1, -1));
      await yieldToEventLoop();
    }
    const tail = JSON.stringify(rest);
    await out.write(tail === "{}" ? "]}" : `],${tail.slice(1)}`);
  });
}
