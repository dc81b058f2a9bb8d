import { isApiError } from "./api-client.ts";

/**
 * The text for a failed change (spec point 8's catalogue text), except when the server refused the
 * input itself (a 4xx with its own message): those words tell the user what to change. A server
 * fault or a lost connection gets the catalogue text rather than internals.
 */
export function failureText(error: unknown, catalogueText: string): string {
  if (isApiError(error) && error.fromServer && error.status >= 400 && error.status < 500) {
    const message = error.message.trim();
    if (message !== "") return message;
  }
  return catalogueText;
}
