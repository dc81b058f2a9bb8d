import { PublicLayout } from "../features/public-site/components/public-layout.tsx";
import { CookiePolicyContent } from "../features/public-site/legal/cookie-policy-content.tsx";

/** `/cookie-policy` (spec point 2). */
export function CookiePolicyPage() {
  return (
    <PublicLayout title="Cookie policy">
      <CookiePolicyContent />
    </PublicLayout>
  );
}
