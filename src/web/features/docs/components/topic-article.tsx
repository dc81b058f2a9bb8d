import { ArrowLeft, ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type DocTopic, neighbours, topicPath } from "../topics.ts";

/** One topic: its title (the page's only h1), its summary, the content, and the way on. */
export function TopicArticle({ topic, children }: { topic: DocTopic; children: ReactNode }) {
  const { previous, next } = neighbours(topic.id);
  return (
    <article className="flex max-w-3xl flex-col gap-6" data-topic={topic.id}>
      <header className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Documentation</p>
        <h1 className="text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-4xl">
          {topic.title}
        </h1>
        <p className="text-base leading-7 text-muted sm:text-lg">{topic.summary}</p>
      </header>
      {children}
      <nav aria-label="More topics" className="mt-6 grid gap-3 border-t border-border pt-6 sm:grid-cols-2">
        {previous ? (
          <Link
            to={topicPath(previous.id)}
            className="flex flex-col gap-0.5 rounded-md border border-border px-4 py-3 transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex items-center gap-1 text-xs text-muted">
              <ArrowLeft aria-hidden="true" className="size-3.5" />
              Previous
            </span>
            <span className="text-sm font-medium text-foreground">{previous.title}</span>
          </Link>
        ) : (
          <span aria-hidden="true" className="hidden sm:block" />
        )}
        {next ? (
          <Link
            to={topicPath(next.id)}
            className="flex flex-col items-end gap-0.5 rounded-md border border-border px-4 py-3 text-right transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex items-center gap-1 text-xs text-muted">
              Next
              <ArrowRight aria-hidden="true" className="size-3.5" />
            </span>
            <span className="text-sm font-medium text-foreground">{next.title}</span>
          </Link>
        ) : null}
      </nav>
    </article>
  );
}
