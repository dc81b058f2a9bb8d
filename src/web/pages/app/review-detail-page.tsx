import { ArrowLeft, CircleAlert, SearchX } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useParams } from "react-router";
import { can } from "../../../shared/permissions.ts";
import type { CheckId } from "../../../shared/quality/checks.ts";
import { CellServicesProvider } from "../../components/cell-editor/cell-services.tsx";
import { DisabledChecksProvider } from "../../components/cell-editor/disabled-checks.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ReviewComments } from "../../features/comments/components/review-comments.tsx";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { useReview } from "../../features/reviews/api/get-review.ts";
import { ReviewView } from "../../features/reviews/components/review-view.tsx";
import { REVIEW_ERRORS } from "../../features/reviews/review-state.ts";
import { KeyScreenshots } from "../../features/screenshots/components/key-screenshots-button.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { displayName } from "../../lib/session.ts";
import { useWorkspace } from "../../lib/workspace.tsx";
import { APP_CELL_SERVICES } from "./cell-services.ts";

function BackBar() {
  return (
    <div className="flex items-center gap-3">
      <Button asChild variant="ghost" size="sm">
        <Link to="/app/reviews">
          <ArrowLeft aria-hidden="true" />
          All reviews
        </Link>
      </Button>
    </div>
  );
}

const NO_CHECKS_OFF: readonly CheckId[] = [];

/** /app/review/:reviewId: one review (spec point 2 "Review detail"); 'Review not found' when missing. */
export function ReviewDetailPage() {
  const { reviewId = "" } = useParams();
  const { me, selectedTeam, selectedProjectId, selectProject } = useWorkspace();
  const query = useReview(reviewId);
  const review = query.data;
  const projects = useProjects(selectedTeam?.id ?? null).data;
  const reviewProject = review ? projects?.find((p) => p.id === review.projectId) : undefined;
  const inSelectedTeam = reviewProject !== undefined;

  // 'All reviews' goes back to this review's project.
  const reviewProjectId = review?.projectId;
  useEffect(() => {
    if (reviewProjectId && inSelectedTeam && reviewProjectId !== selectedProjectId) {
      selectProject(reviewProjectId);
    }
  }, [reviewProjectId, inSelectedTeam, selectedProjectId, selectProject]);

  // A malformed id is a review that does not exist either; a deleted one stops showing at once.
  const missing =
    query.isError && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);

  let body: ReactNode;
  if (review && !missing) {
    // Whoever may open a review is a member of its team; every member role may review (spec point 6).
    const role = inSelectedTeam && selectedTeam ? selectedTeam.role : "reviewer";
    // A review's cells are the Overview's cell editors: they save through the translations feature.
    return (
      <CellServicesProvider value={APP_CELL_SERVICES}>
        <DisabledChecksProvider value={reviewProject?.disabledChecks ?? NO_CHECKS_OFF}>
          <ReviewView
            key={review.id}
            review={review}
            user={{ id: me.user.id, name: displayName(me) }}
            canManage={can(role, "reviews.manage")}
            canApprove={can(role, "reviews.approve")}
            KeyNote={KeyScreenshots}
            footer={<ReviewComments reviewId={review.id} />}
          />
        </DisabledChecksProvider>
      </CellServicesProvider>
    );
  }
  if (missing) {
    body = (
      <EmptyState
        icon={SearchX}
        title={REVIEW_ERRORS.notFound}
        description="It may have been deleted, or the link is wrong."
      />
    );
  } else if (query.isError) {
    body = (
      <EmptyState
        icon={CircleAlert}
        title={REVIEW_ERRORS.loadDetail}
        action={
          <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            Retry
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading review" className="size-6 text-brand-600" />
      </div>
    );
  }
  return (
    <>
      <BackBar />
      {body}
    </>
  );
}
