import { PublicLayout } from "../features/public-site/components/public-layout.tsx";
import { AboutContent } from "../features/public-site/legal/about-content.tsx";

/** `/about` (spec point 2). */
export function AboutPage() {
  return (
    <PublicLayout title="About">
      <AboutContent />
    </PublicLayout>
  );
}
