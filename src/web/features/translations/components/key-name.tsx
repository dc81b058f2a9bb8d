import { Fragment } from "react";
import { cn } from "../../../lib/cn.ts";
import { keyNameParts } from "../key-name-parts.ts";

/**
 * A key's name that wraps between its words: a break opportunity (<wbr>) after each separator and
 * before each camelCase word, and a break inside a word only when one word is wider than the
 * column (overflow-wrap: anywhere). The text stays the name alone, so it is still found by it.
 */
export function KeyName({ name, className }: { name: string; className?: string }) {
  const parts = keyNameParts(name);
  return (
    <span className={cn("font-mono whitespace-pre-wrap wrap-anywhere", className)}>
      {parts.map((part, index) => (
        // The parts of one name never reorder: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
