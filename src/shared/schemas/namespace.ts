import { z } from "zod";
import { NAMESPACE_MAX, validNamespace } from "../formats/file-namespace.ts";

/** A key's namespace as a request gives it (file-namespace.ts); "" is the language's one file. */
export const namespaceSchema = z
  .string()
  .trim()
  .max(NAMESPACE_MAX, `A namespace must be at most ${NAMESPACE_MAX} characters`)
  .refine(
    (name) => name === "" || validNamespace(name),
    'A namespace is a file name without its extension: no / \\ : * ? " < > |, no control characters, and it does not start with a dot',
  );
