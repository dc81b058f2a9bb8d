import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";

/**
 * The call to action with id pricing (spec point 2). No prices here: they depend on how the server's
 * billing is set up, and sign-up shows the plans that apply.
 */
export function PricingCta() {
  return (
    <section
      id="pricing"
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className="scroll-mt-28 outline-none lg:scroll-mt-20"
    >
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-20">
        <div className="flex flex-col items-center gap-5 rounded-xl bg-brand-600 px-6 py-12 text-center text-white shadow-md sm:px-12">
          <p className="text-sm font-semibold text-brand-100">Pricing</p>
          <h2
            id="pricing-title"
            className="max-w-2xl text-2xl font-semibold tracking-tight text-balance sm:text-3xl"
          >
            Start free, then pay per team
          </h2>
          <p className="max-w-xl text-base text-brand-50">
            Plans are paid per team, and each member is a seat. Try Sprog for free first; the plans and their
            prices are shown when you set up your team.
          </p>
          <Button asChild size="lg" variant="secondary" className="bg-white text-brand-700 hover:bg-brand-50">
            <Link to="/signup">
              Get started now
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
