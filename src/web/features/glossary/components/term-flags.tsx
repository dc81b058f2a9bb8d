import type { GlossaryTerm } from "../../../../shared/schemas/glossary.ts";
import { cn } from "../../../lib/cn.ts";

const badge = "inline-flex items-center rounded-full px-1.5 py-0.5 text-[11px] leading-none font-medium";

/** A term's flags as small badges: forbidden, do not translate, case sensitive. */
export function TermFlags({
  term,
}: {
  term: Pick<GlossaryTerm, "forbidden" | "doNotTranslate" | "caseSensitive">;
}) {
  if (!term.forbidden && !term.doNotTranslate && !term.caseSensitive) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {term.forbidden ? (
        <span className={cn(badge, "bg-danger-soft text-danger-hover")}>Forbidden</span>
      ) : null}
      {term.doNotTranslate ? (
        <span className={cn(badge, "bg-surface-muted text-foreground")}>Do not translate</span>
      ) : null}
      {term.caseSensitive ? (
        <span className={cn(badge, "bg-surface-muted text-muted")}>Case sensitive</span>
      ) : null}
    </span>
  );
}
