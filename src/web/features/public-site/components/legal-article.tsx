import type { ReactNode } from "react";

/** Text styles for the legal pages' content, kept in one place (the theme has no prose plugin). */
const proseClass =
  "flex flex-col gap-3 text-base leading-relaxed text-foreground [&_a]:font-medium [&_a]:text-brand-600 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-700 [&_code]:rounded-sm [&_code]:bg-surface-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:break-all [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5 [&_ul]:pl-5";

/** The page frame of /terms-conditions, /cookie-policy and /about: one title, dated, then sections. */
export function LegalArticle({
  title,
  updated,
  lead,
  children,
}: {
  title: string;
  /** Shown as 'Last updated …'; omitted on pages that are not an agreement. */
  updated?: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-12 sm:px-6 sm:py-16">
      <header className="flex flex-col gap-3 border-b border-border pb-8">
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {updated ? <p className="text-sm text-muted">Last updated {updated}</p> : null}
        <div className="text-lg text-pretty text-muted">{lead}</div>
      </header>
      {children}
    </article>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-28 outline-none lg:scroll-mt-20"
    >
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className={proseClass}>{children}</div>
    </section>
  );
}
