import { Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn.ts";
import { type TopicId, topicPath } from "../topics.ts";

/**
 * The building blocks of a documentation page. Pages are TSX (no markdown renderer): each topic's
 * h1 comes from the layout, a page's sections are h2 and their parts h3, so headings stay in order.
 */

/** A titled part of a page: an h2 with an id, so it can be linked to (`/docs/api#errors`). */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h2 id={id} className="scroll-mt-24 pt-4 text-xl font-semibold tracking-tight text-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function SubHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h3 id={id} className="scroll-mt-24 pt-2 text-base font-semibold text-foreground">
      {children}
    </h3>
  );
}

export function P({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn("text-[15px] leading-7 text-foreground", className)}>{children}</p>;
}

/**
 * Inline code: a name, a value, a path. It stays on one line (so `%{count}` never splits at the
 * `%`); `wrap` lets a long one (a whole message) wrap instead.
 */
export function Code({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <code
      className={cn(
        "rounded-sm bg-surface-muted px-1 py-0.5 font-mono text-[0.85em] text-foreground",
        wrap ? "wrap-anywhere" : "whitespace-nowrap",
      )}
    >
      {children}
    </code>
  );
}

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded-sm border border-border-strong bg-surface px-1.5 py-0.5 font-sans text-xs font-medium text-foreground shadow-xs">
      {children}
    </kbd>
  );
}

/** A name on screen (a button, a tab, a dialog) the reader looks for. */
export function Ui({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-foreground">{children}</strong>;
}

/**
 * A block of code or file content. It scrolls sideways on narrow screens instead of wrapping, and is
 * focusable so keyboard users can scroll it too. `wrap` is for text that is not code (an AI
 * prompt): it wraps like prose instead.
 */
export function CodeBlock({
  title,
  children,
  wrap = false,
}: {
  title: string;
  children: string;
  wrap?: boolean;
}) {
  const className = cn(
    "rounded-md border border-border bg-surface-muted px-4 py-3 font-mono text-[13px] leading-relaxed text-foreground",
    wrap
      ? "whitespace-pre-wrap wrap-anywhere"
      : "overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring",
  );
  return (
    <figure className="flex min-w-0 flex-col gap-1.5">
      <figcaption className="text-xs font-medium wrap-anywhere text-muted">{title}</figcaption>
      {wrap ? (
        <pre className={className}>
          <code>{children}</code>
        </pre>
      ) : (
        <pre
          // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the block scrolls sideways on narrow screens
          tabIndex={0}
          className={className}
        >
          <code>{children}</code>
        </pre>
      )}
    </figure>
  );
}

export interface TableProps {
  /** Said to screen readers and shown above the table. */
  caption: string;
  columns: readonly ReactNode[];
  /** Cells per row; the first cell is the row's header. */
  rows: readonly (readonly ReactNode[])[];
  /** Row keys (defaults to the index). */
  rowKeys?: readonly string[];
  /** Column widths or alignment, per column. */
  columnClassNames?: readonly (string | undefined)[];
  className?: string;
}

/** A table with real headers (column and row) that scrolls sideways if it cannot fit. */
export function DataTable({ caption, columns, rows, rowKeys, columnClassNames, className }: TableProps) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        "min-w-0 overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="border-b border-border bg-surface px-3 py-2 text-left text-xs font-medium text-muted">
          {caption}
        </caption>
        <thead className="bg-surface">
          <tr>
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table
                key={index}
                scope="col"
                className={cn(
                  "border-b border-border px-3 py-2 align-bottom text-xs font-semibold text-foreground",
                  columnClassNames?.[index],
                )}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, rowIndex) => (
            <tr key={rowKeys?.[rowIndex] ?? rowIndex} className="border-b border-border last:border-b-0">
              {cells.map((cell, index) =>
                index === 0 ? (
                  <th
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    key={index}
                    scope="row"
                    className={cn("px-3 py-2 align-top font-medium text-foreground", columnClassNames?.[0])}
                  >
                    {cell}
                  </th>
                ) : (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    key={index}
                    className={cn("px-3 py-2 align-top text-foreground", columnClassNames?.[index])}
                  >
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function List({ children, ordered = false }: { children: ReactNode; ordered?: boolean }) {
  const className = cn(
    "flex flex-col gap-2 pl-5 text-[15px] leading-7 text-foreground marker:text-muted",
    ordered ? "list-decimal" : "list-disc",
  );
  return ordered ? <ol className={className}>{children}</ol> : <ul className={className}>{children}</ul>;
}

/** A remark beside the text: a tip, or a warning about something easy to get wrong. */
export function Callout({ kind = "note", children }: { kind?: "note" | "warning"; children: ReactNode }) {
  const Icon = kind === "warning" ? TriangleAlert : Info;
  return (
    <div
      role="note"
      className={cn(
        "flex gap-3 rounded-md border px-4 py-3 text-sm leading-6 text-foreground",
        kind === "warning" ? "border-warning/40 bg-amber-50" : "border-brand-200 bg-brand-50",
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-1 size-4 shrink-0", kind === "warning" ? "text-warning" : "text-brand-600")}
      />
      <div className="flex min-w-0 flex-col gap-2">{children}</div>
    </div>
  );
}

/** A link to another topic (or a section of one). Underlined: colour alone does not mark a link. */
export function TopicLink({ to, hash, children }: { to: TopicId; hash?: string; children: ReactNode }) {
  return (
    <Link
      to={hash ? `${topicPath(to)}#${hash}` : topicPath(to)}
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600"
    >
      {children}
    </Link>
  );
}

/** A name with a short note under it: the first cell of an options or fields table. */
export function NameWithNote({ name, note }: { name: ReactNode; note: string }) {
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span>{name}</span>
      <span className="text-xs font-normal text-muted">{note}</span>
    </span>
  );
}

/** An option's name with its default under it. */
export function OptionName({ name, defaultValue }: { name: string; defaultValue: string }) {
  return <NameWithNote name={name} note={`Default: ${defaultValue}`} />;
}

/** Terms and what they mean, for references whose terms are long (command-line options). */
export function Definitions({
  label,
  items,
}: {
  label: string;
  items: readonly { term: ReactNode; meaning: ReactNode; id: string }[];
}) {
  return (
    <dl aria-label={label} className="flex flex-col divide-y divide-border rounded-md border border-border">
      {items.map((item) => (
        <div key={item.id} className="flex flex-col gap-1 px-4 py-3">
          <dt className="text-sm font-medium text-foreground">{item.term}</dt>
          <dd className="text-sm leading-6 text-foreground">{item.meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A yes/no cell: a mark for the eye, a word for screen readers. */
export function YesNo({ value }: { value: boolean }) {
  return value ? (
    <span className="font-semibold text-green-700">
      <span aria-hidden="true">✓</span>
      <span className="sr-only">Yes</span>
    </span>
  ) : (
    <span className="text-muted">
      <span aria-hidden="true">–</span>
      <span className="sr-only">No</span>
    </span>
  );
}
