import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";

/** /app/review/:reviewId: reviews arrive in a later issue, so every id is a missing review for now. */
export function ReviewDetailPage() {
  return (
    <>
      <div className="flex items-center gap-3">
        <Button asChild variant="ghost" size="sm">
          <Link to="/app/reviews">
            <ArrowLeft aria-hidden="true" />
            All reviews
          </Link>
        </Button>
      </div>
      <EmptyState
        icon={SearchX}
        title="Review not found"
        description="It may have been deleted, or the link is wrong."
      />
    </>
  );
}
