import { FaqSection } from "../features/public-site/components/faq-section.tsx";
import { FeatureSection } from "../features/public-site/components/feature-section.tsx";
import { Hero } from "../features/public-site/components/hero.tsx";
import { PricingCta } from "../features/public-site/components/pricing-cta.tsx";
import { PublicLayout } from "../features/public-site/components/public-layout.tsx";
import { FEATURE_SECTIONS } from "../features/public-site/content/sections.ts";

/** `/`: the public landing page (spec point 2). It ships in the entry bundle; /app loads on demand. */
export function LandingPage() {
  return (
    <PublicLayout>
      <Hero />
      {FEATURE_SECTIONS.map((section, index) => (
        <FeatureSection key={section.id} section={section} tinted={index % 2 === 0} />
      ))}
      <PricingCta />
      <FaqSection />
    </PublicLayout>
  );
}
