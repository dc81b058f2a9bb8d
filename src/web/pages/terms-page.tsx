import { PublicLayout } from "../features/public-site/components/public-layout.tsx";
import { TermsContent } from "../features/public-site/legal/terms-content.tsx";

/** `/terms-conditions` (spec point 2). */
export function TermsPage() {
  return (
    <PublicLayout title="Terms and conditions">
      <TermsContent />
    </PublicLayout>
  );
}
