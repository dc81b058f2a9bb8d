import { ArrowRight, Languages, PenLine, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { Logo } from "../components/ui/logo.tsx";

const HIGHLIGHTS = [
  {
    icon: PenLine,
    title: "Write",
    text: "AI grammar and tone polishing, plus a writing assistant to rephrase, shorten or expand.",
  },
  {
    icon: Languages,
    title: "Translate",
    text: "Translate by hand or with AI that follows your product context and tone of voice.",
  },
  {
    icon: ShieldCheck,
    title: "Review",
    text: "Managed reviews with approvals, and universal placeholders that never break.",
  },
  { icon: Users, title: "Collaborate", text: "Invite your team and give everyone the right role." },
];

/** Placeholder landing page (the full landing page is a later issue). */
export function LandingPage() {
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link
            to="/"
            className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
            aria-label="Sprog home"
          >
            <Logo />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            <Button asChild variant="ghost">
              <Link to="/login">Log In</Link>
            </Button>
            <Button asChild>
              <Link to="/signup">Sign Up</Link>
            </Button>
          </nav>
        </div>
      </header>
      <main>
        <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
          <p className="rounded-full border border-border bg-surface px-3 py-1 text-xs font-medium text-muted">
            Localization management for software teams
          </p>
          <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
            Write Better, Translate Faster, Ship Smoother.
          </h1>
          <p className="max-w-2xl text-base text-muted sm:text-lg">
            Sprog keeps the text of your apps in every language in one place: edit by hand or translate with
            AI in your own tone of voice, review with your team, and ship with a pull API built for CI/CD.
          </p>
          <Button asChild size="lg">
            <Link to="/signup">
              Try for free
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </section>
        <section
          aria-label="Features"
          className="mx-auto grid max-w-6xl gap-4 px-4 pb-24 sm:grid-cols-2 sm:px-6 lg:grid-cols-4"
        >
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-lg border border-border bg-surface p-5">
              <Icon className="mb-3 size-5 text-brand-600" aria-hidden="true" />
              <h2 className="mb-1 text-sm font-semibold">{title}</h2>
              <p className="text-sm text-muted">{text}</p>
            </div>
          ))}
        </section>
      </main>
      <footer className="border-t border-border py-8 text-center text-xs text-muted">
        Sprog, made in Denmark. Your data stays yours and is never used to train AI models.
      </footer>
    </div>
  );
}
