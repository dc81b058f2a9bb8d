import { type Document, isMap, isScalar, isSeq, type Pair, Scalar, type YAMLMap } from "yaml";

/**
 * YAML comments ⇄ entry comments. The `yaml` library keeps a comment on the node after it
 * (`commentBefore`; for the first pair of a map on the map itself) and a comment at the end of a
 * line on the value (`comment`). These helpers read them by dotted key path, the same paths the
 * value walk in yaml.ts gives, and put them back on the nodes the writer builds.
 */

export interface YamlComments {
  /** Comments above a key, by its dotted path below the locale root. */
  before: Map<string, string>;
  /** Comments after a key's value on the same line. */
  after: Map<string, string>;
  /** The comment above the locale root (`de:`), when the file is rooted. */
  root?: string;
}

/** `# text` lines as the library gives them (` text`) → the text a person wrote. */
export function commentText(raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  return raw
    .split("\n")
    .map((line) => (line.startsWith(" ") ? line.slice(1) : line))
    .join("\n");
}

/** Text → what the library writes after each `#`. */
export function rawComment(text: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? "" : ` ${line}`))
    .join("\n");
}

function pairName(pair: Pair): string | undefined {
  if (!isScalar(pair.key)) return undefined;
  const key = pair.key.value;
  if (typeof key === "string") return key === "<<" ? undefined : key;
  if (typeof key === "number" || typeof key === "boolean") return String(key);
  return undefined;
}

/** The comments of a document's maps by dotted path, below `rootKey` when the file has one. */
export function readComments(doc: Document, rootKey: string | undefined): YamlComments {
  const comments: YamlComments = { before: new Map(), after: new Map() };
  const walk = (map: YAMLMap, prefix: string, depth: number): void => {
    map.items.forEach((pair, index) => {
      const name = pairName(pair);
      if (name === undefined) return;
      const path = prefix === "" ? name : `${prefix}.${name}`;
      const keyComment = isScalar(pair.key) ? pair.key.commentBefore : undefined;
      const before = commentText(keyComment ?? (index === 0 ? map.commentBefore : undefined));
      if (depth === 0 && rootKey !== undefined) {
        if (name !== rootKey) return;
        comments.root = before;
        if (isMap(pair.value)) walk(pair.value, "", depth + 1);
        return;
      }
      if (before !== undefined) comments.before.set(path, before);
      if (isScalar(pair.value) || isSeq(pair.value)) {
        const after = commentText(pair.value.comment);
        if (after !== undefined) comments.after.set(path, after);
      }
      if (isMap(pair.value)) walk(pair.value, path, depth + 1);
    });
  };
  if (isMap(doc.contents)) walk(doc.contents, "", 0);
  return comments;
}

/** A map key with the comment above it. */
export function commentedKey(name: string, comment: string | undefined): Scalar {
  const key = new Scalar(name);
  if (comment !== undefined) key.commentBefore = rawComment(comment);
  return key;
}
