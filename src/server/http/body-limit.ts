import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors.ts";

const bytes = (mb: number) => Math.round(mb * 1024 * 1024);

/**
 * Every body the session API reads is bounded before it is read: a declared Content-Length over
 * the limit is refused without reading a byte, and a streamed body is counted as it arrives and
 * dropped at the limit. Without this a single anonymous request could make the process buffer
 * hundreds of megabytes. File uploads (multipart, the import) have their own, larger limit.
 */
export function requestBodyLimit({
  jsonMb,
  uploadMb,
}: {
  jsonMb: number;
  uploadMb: number;
}): MiddlewareHandler {
  const json = bodyLimit({
    maxSize: bytes(jsonMb),
    onError: () => {
      throw new AppError("payload_too_large", `Request body too large (the limit is ${jsonMb} MB)`);
    },
  });
  const upload = bodyLimit({
    maxSize: bytes(uploadMb),
    onError: () => {
      throw new AppError(
        "payload_too_large",
        `Error processing file: the file is larger than the ${uploadMb} MB limit`,
      );
    },
  });
  return (c, next) => {
    const type = c.req.header("content-type") ?? "";
    return type.toLowerCase().startsWith("multipart/form-data") ? upload(c, next) : json(c, next);
  };
}
