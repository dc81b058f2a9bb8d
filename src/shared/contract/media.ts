import { z } from "zod";

/**
 * Bodies and answers that are not JSON. The contract marks them with zod metadata: the server then
 * reads the body as multipart form data, and the web's client sends FormData and hands back the
 * answer's bytes instead of parsing JSON.
 */
export const MULTIPART = "multipart/form-data";

/** What an uploaded file offers on both sides (a browser File, the server's parsed form File). */
export interface UploadedFile {
  readonly name: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A file answer as the web's client hands it over: the bytes, and the name the server gave them. */
export interface FileAnswer {
  readonly blob: { readonly size: number; readonly type: string };
  readonly fileName: string | undefined;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== "object" || value === null) return false;
  const file = value as Partial<UploadedFile>;
  return typeof file.name === "string" && typeof file.arrayBuffer === "function";
}

/** A multipart field that must hold a file; `message` when it does not. */
export function uploadedFile(message: string) {
  return z.custom<UploadedFile>(isUploadedFile, message);
}

/** A body sent as multipart form data: its text fields arrive as strings. */
export function multipartBody<S extends z.ZodObject>(schema: S): S {
  return schema.meta({ contentType: MULTIPART });
}

/**
 * An answer that is a file of `mediaType` (e.g. "application/zip"), not JSON; `more` when the
 * request decides which (the pull API's formats).
 */
export function fileAnswer(mediaType: string, ...more: string[]) {
  return z
    .custom<FileAnswer>(() => true)
    .meta({ answer: "file", mediaType, mediaTypes: [mediaType, ...more] });
}

export function isMultipart(schema: z.ZodType): boolean {
  return schema.meta()?.contentType === MULTIPART;
}

/** Every media type a file answer may have (its first is `fileMediaType`). */
export function fileMediaTypes(schema: z.ZodType): string[] {
  const types = schema.meta()?.mediaTypes;
  return Array.isArray(types) ? types.filter((type): type is string => typeof type === "string") : [];
}

/** The media type of a file answer, or undefined for a JSON answer. */
export function fileMediaType(schema: z.ZodType): string | undefined {
  const meta = schema.meta();
  return meta?.answer === "file" && typeof meta.mediaType === "string" ? meta.mediaType : undefined;
}
