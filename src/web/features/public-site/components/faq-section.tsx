import { ChevronDown } from "lucide-react";
import { FAQ } from "../content/faq.ts";

/** Questions as native disclosures: keyboard and screen-reader friendly without any script. */
export function FaqSection() {
  return (
    <section
      id="faq"
      tabIndex={-1}
      aria-labelledby="faq-title"
      className="scroll-mt-28 outline-none lg:scroll-mt-20"
    >
      <div className="mx-auto max-w-3xl px-4 pb-20 sm:px-6">
        <h2 id="faq-title" className="mb-8 text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          Frequently asked questions
        </h2>
        <div className="divide-y divide-border rounded-lg border border-border">
          {FAQ.map(({ question, answer }) => (
            <details key={question} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg px-5 py-4 text-base font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDown
                  className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180 motion-reduce:transition-none"
                  aria-hidden="true"
                />
              </summary>
              <p className="px-5 pb-5 text-sm text-muted">{answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
