/** The characters that join a key's words: `settings.email_digest`, `nav/main-menu`, `ns:key`. */
const SEPARATORS = new Set([".", "_", "-", "/", ":"]);

/**
 * A key name cut where a line may break: after each separator, and where a camelCase word starts
 * (`emailDigest` → `email`, `Digest`), so a long key wraps between its words, never inside one.
 * Joined, the parts are the name again.
 */
export function keyNameParts(name: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let index = 1; index < name.length; index++) {
    const before = name[index - 1] ?? "";
    const at = name[index] ?? "";
    const afterSeparator = SEPARATORS.has(before) && !SEPARATORS.has(at);
    const wordStarts = /[\p{Ll}\d]/u.test(before) && /\p{Lu}/u.test(at);
    if (afterSeparator || wordStarts) {
      parts.push(name.slice(start, index));
      start = index;
    }
  }
  if (start < name.length) parts.push(name.slice(start));
  return parts;
}
