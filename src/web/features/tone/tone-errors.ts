import { errorMessage } from "../../lib/api-client.ts";

/** The reason to put after a spec error text ('Failed to add section: {reason}'). */
export function reason(error: unknown): string {
  return errorMessage(
    error,
    error instanceof Error && error.message !== "" ? error.message : "Unknown error",
  );
}
