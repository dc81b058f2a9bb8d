import { Link } from "react-router";
import { P } from "../components/prose.tsx";
import { DOC_TOPICS, topicPath, WELCOME_TITLE } from "../topics.ts";

/** What `/docs/{featureId}` shows for an id that is not a topic: a generic welcome and the topics. */
export function DocsWelcome() {
  return (
    <article className="flex max-w-3xl flex-col gap-6" data-topic="welcome">
      <header className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Documentation</p>
        <h1 className="text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-4xl">
          {WELCOME_TITLE}
        </h1>
        <p className="text-base leading-7 text-muted sm:text-lg">
          Sprog helps software teams write, translate, review and ship the text of their apps in every
          language.
        </p>
      </header>
      <P>
        The page you asked for is not one of our topics. Pick one below, or from the list of topics, to learn
        how Sprog works and how to use it.
      </P>
      <ul className="grid gap-3 sm:grid-cols-2">
        {DOC_TOPICS.map((topic) => (
          <li key={topic.id}>
            <Link
              to={topicPath(topic.id)}
              className="flex h-full flex-col gap-1 rounded-md border border-border px-4 py-3 transition-colors hover:bg-surface focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="text-sm font-semibold text-foreground">{topic.title}</span>
              <span className="text-sm leading-6 text-muted">{topic.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
