import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import { NAV_ANCHORS } from "../content/site-links.ts";

/**
 * The public top bar: the logo (back to the top of the landing), the section anchors and the
 * account links. On phones the anchors get a row of their own under the logo.
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-4 sm:px-6">
        <Link
          to="/"
          className="flex h-14 items-center rounded-md focus-visible:outline-2 focus-visible:outline-ring lg:h-16"
          aria-label="Sprog home"
        >
          <Logo />
        </Link>
        <nav
          aria-label="Sections"
          className="order-last -mx-1 w-[calc(100%+0.5rem)] overflow-x-auto pb-2 lg:order-none lg:mx-0 lg:w-auto lg:flex-1 lg:pb-0"
        >
          <ul className="flex items-center justify-between gap-1 sm:justify-start lg:gap-2">
            {NAV_ANCHORS.map(({ id, label }) => (
              <li key={id}>
                <Link
                  to={{ pathname: "/", hash: `#${id}` }}
                  className="block rounded-md px-1.5 py-1.5 text-[13px] font-medium whitespace-nowrap text-muted transition-colors hover:bg-surface-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:px-3 sm:text-sm"
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Button asChild variant="ghost" size="sm" className="sm:h-9 sm:px-4 sm:text-sm">
            <Link to="/login">Log In</Link>
          </Button>
          <Button asChild size="sm" className="sm:h-9 sm:px-4 sm:text-sm">
            <Link to="/signup">Sign Up</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
