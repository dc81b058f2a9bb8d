/**
 * `Content-Disposition: attachment` for a file name people chose (an uploaded file's): a header
 * value that cannot be broken out of, and that names the file as it was.
 *
 * Only the last segment of a path is the name (browsers would drop the folders anyway). `filename`
 * is a plain-ASCII stand-in: control characters, quotes, backslashes and anything outside printable
 * ASCII become `_`. When that changed the name, RFC 6266's `filename*` (RFC 5987: UTF-8,
 * percent-encoded) carries the real one; every browser since 2012 prefers it.
 */
export function attachmentDisposition(path: string): string {
  const name = path.split(/[/\\]/).pop()?.trim() || "download";
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  if (ascii === name) return `attachment; filename="${ascii}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** RFC 5987's `value-chars`: what encodeURIComponent leaves but `attr-char` does not allow, escaped too. */
function encodeRfc5987(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
