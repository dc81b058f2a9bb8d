import { CircleAlert, ClipboardCheck, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { can } from "../../../shared/permissions.ts";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { ProjectGate } from "../../features/projects/components/project-gate.tsx";
import { useCreateReview } from "../../features/reviews/api/create-review.ts";
import { useReviews } from "../../features/reviews/api/list-reviews.ts";
import {
  type ReviewFields,
  ReviewFormDialog,
} from "../../features/reviews/components/review-form-dialog.tsx";
import { ReviewsList } from "../../features/reviews/components/reviews-list.tsx";
import { useReviewActions } from "../../features/reviews/hooks/use-review-actions.ts";
import { useReviewNavigation } from "../../features/reviews/hooks/use-review-navigation.ts";
import { useReviewListRealtime } from "../../features/reviews/hooks/use-review-realtime.ts";
import { REVIEW_ERRORS, splitReviews } from "../../features/reviews/review-state.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { useWorkspace } from "../../lib/workspace.tsx";

/** /app/reviews: the selected project's reviews in To do and Completed (spec points 2 and 3). */
export function ReviewsPage() {
  const { selectedTeam, selectedProjectId, selectProject } = useWorkspace();
  const role = selectedTeam?.role ?? "none";
  const canManage = can(role, "reviews.manage");
  const projectsQuery = useProjects(selectedTeam?.id ?? null);
  const projects = projectsQuery.data;
  const project = projects?.find((p) => p.id === selectedProjectId) ?? null;
  const projectId = project?.id ?? null;

  const reviewsQuery = useReviews(projectId);
  useReviewListRealtime(projectId);
  const actions = useReviewActions(projectId ?? "");
  const createReview = useCreateReview(projectId ?? "");
  const navigation = useReviewNavigation();
  const [search, setSearch] = useState("");
  const [creating, setCreating] = useState(false);

  const onCreate = async (fields: ReviewFields): Promise<string | undefined> => {
    try {
      const review = await createReview.mutateAsync(fields);
      navigation.open(review.id);
      return undefined;
    } catch (error) {
      return errorMessage(error, REVIEW_ERRORS.generic);
    }
  };

  let reviewsBody: ReactNode;
  if (reviewsQuery.isError && !reviewsQuery.data) {
    reviewsBody = (
      <EmptyState
        icon={CircleAlert}
        title={REVIEW_ERRORS.loadList}
        action={
          <Button
            variant="outline"
            onClick={() => void reviewsQuery.refetch()}
            loading={reviewsQuery.isFetching}
          >
            Retry
          </Button>
        }
      />
    );
  } else if (!reviewsQuery.data) {
    reviewsBody = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading reviews" className="size-6 text-brand-600" />
      </div>
    );
  } else if (reviewsQuery.data.length === 0) {
    reviewsBody = (
      <EmptyState
        icon={ClipboardCheck}
        title="No translation reviews"
        description="Reviews group keys into work lists for translators, with approvals per language. Select keys in the Overview and choose Review, or create one here."
        action={
          canManage ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New review
            </Button>
          ) : null
        }
      />
    );
  } else {
    const { todo, completed } = splitReviews(reviewsQuery.data, search);
    reviewsBody =
      todo.length + completed.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">No reviews match “{search.trim()}”.</p>
      ) : (
        <ReviewsList
          todo={todo}
          completed={completed}
          opening={navigation.opening}
          canManage={canManage}
          onToggleStatus={actions.toggleStatus}
          onLinkClick={navigation.onLinkClick}
        />
      );
  }

  return (
    <>
      <Toolbar
        title={project ? `Reviews · ${project.name}` : "Reviews"}
        search={
          <SearchInput
            label="Search reviews"
            placeholder="Search reviews..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            disabled={!project}
          />
        }
      >
        {/* One action: it stays a button on phones too, next to the search. */}
        {canManage ? (
          <Button disabled={!project} onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            New
          </Button>
        ) : null}
      </Toolbar>
      <ProjectGate
        team={selectedTeam}
        projectId={selectedProjectId}
        onSelectProject={selectProject}
        purpose="its reviews"
      >
        {() => reviewsBody}
      </ProjectGate>
      <ReviewFormDialog open={creating && project !== null} onOpenChange={setCreating} onSubmit={onCreate} />
    </>
  );
}
