import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import type { TopicId } from "../topics.ts";
import { DocsSidebar } from "./docs-sidebar.tsx";

/** The public documentation frame: header with Log In and Get Started, the topics, the page. */
export function DocsLayout({ activeId, children }: { activeId: TopicId | undefined; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-background">
      <a
        href="#docs-content"
        className="sr-only rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:shadow-md"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-border bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <Link
              to="/"
              className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
              aria-label="Sprog home"
            >
              <Logo />
            </Link>
            <span aria-hidden="true" className="text-border-strong">
              /
            </span>
            <Link
              to="/docs"
              className="rounded-md text-sm font-medium text-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              Docs
            </Link>
          </div>
          <nav aria-label="Account" className="flex shrink-0 items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link to="/login">Log In</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/signup">Get Started</Link>
            </Button>
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:flex lg:gap-12">
        <DocsSidebar activeId={activeId} />
        <main id="docs-content" tabIndex={-1} className="min-w-0 flex-1 pt-6 pb-16 outline-none lg:pt-10">
          {children}
        </main>
      </div>
      <footer className="border-t border-border px-4 py-6 text-center text-xs text-muted">
        Sprog, made in Denmark. Your data stays yours and is never used to train AI models.
      </footer>
    </div>
  );
}
