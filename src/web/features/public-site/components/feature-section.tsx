import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn.ts";
import type { FeatureSection as Section } from "../content/sections.ts";

/** One audience section of the landing (writers, localization, developers, teams). */
export function FeatureSection({ section, tinted }: { section: Section; tinted: boolean }) {
  const titleId = `${section.id}-title`;
  return (
    <section
      id={section.id}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={cn("scroll-mt-28 outline-none lg:scroll-mt-20", tinted && "bg-surface")}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mb-10 max-w-2xl">
          <p className="mb-2 text-sm font-semibold text-brand-600">{section.audience}</p>
          <h2 id={titleId} className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            {section.title}
          </h2>
          <p className="mt-3 text-base text-muted">{section.intro}</p>
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {section.features.map(({ title, text, topic, icon: Icon }) => (
            <li
              key={title}
              className="flex flex-col rounded-lg border border-border bg-background p-5 shadow-xs"
            >
              <Icon className="mb-3 size-5 text-brand-600" aria-hidden="true" />
              <h3 className="mb-1.5 text-base font-semibold">{title}</h3>
              <p className="mb-4 text-sm text-muted">{text}</p>
              <Link
                to={`/docs/${topic}`}
                className="mt-auto inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                Read the docs<span className="sr-only"> about {title}</span>
                <ArrowRight className="size-3.5" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
