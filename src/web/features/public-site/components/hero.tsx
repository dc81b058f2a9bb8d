import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import overviewPng from "../../../assets/app-overview.png";
import overview768 from "../../../assets/app-overview-768.webp";
import overview1280 from "../../../assets/app-overview-1280.webp";
import { Button } from "../../../components/ui/button.tsx";

/** The screenshot's size (scripts/screenshot.ts), so the page does not jump when it arrives. */
const SHOT = { width: 1280, height: 768 };

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-brand-50 to-background"
      />
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 pt-14 pb-12 text-center sm:pt-24">
        <p className="rounded-full border border-brand-200 bg-background px-3 py-1 text-xs font-medium text-brand-700">
          Localization management for software teams
        </p>
        <h1 id="hero-title" className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
          Write Better, Translate Faster, Ship Smoother.
        </h1>
        <p className="max-w-2xl text-base text-pretty text-muted sm:text-lg">
          Sprog keeps the text of your apps in every language in one place: write it with an AI assistant,
          translate it by hand or with AI in your own tone of voice, review it with your team, and ship it as
          files or through a pull API built for CI/CD.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/signup">
              Try for free
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/docs">Read the docs</Link>
          </Button>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-24">
        <figure className="overflow-hidden rounded-xl border border-border bg-background shadow-lg">
          {/* On phones the whole Overview would be too small to read: show its top left, larger. */}
          <div className="aspect-[4/3] overflow-hidden sm:aspect-auto">
            <picture>
              <source
                type="image/webp"
                srcSet={`${overview768} 768w, ${overview1280} 1280w`}
                sizes="(min-width: 1152px) 1104px, (min-width: 640px) calc(100vw - 3rem), calc(220vw - 4.4rem)"
              />
              <img
                src={overviewPng}
                width={SHOT.width}
                height={SHOT.height}
                fetchPriority="high"
                className="block h-auto w-[220%] max-w-none sm:w-full"
                alt="The Sprog Overview of a project: its keys grouped by prefix with the English source and the French translation, the French tab showing 4 missing strings and a Translate 4 missing button."
              />
            </picture>
          </div>
          <figcaption className="border-t border-border bg-surface px-4 py-2 text-xs text-muted">
            The Overview of a project, as Sprog shows it.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
