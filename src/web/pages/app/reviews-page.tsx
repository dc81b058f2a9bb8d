import { ClipboardCheck, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Toolbar } from "../../components/ui/toolbar.tsx";

/** /app/reviews: reviews arrive in a later issue; for now the empty state. */
export function ReviewsPage() {
  const [search, setSearch] = useState("");
  return (
    <>
      <Toolbar title="Reviews">
        <SearchInput
          label="Search reviews"
          placeholder="Search reviews..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button disabled title="Coming soon">
          <Plus aria-hidden="true" />
          New
        </Button>
      </Toolbar>
      <EmptyState
        icon={ClipboardCheck}
        title="No translation reviews"
        description="Reviews group keys into work lists for translators, with approvals per language."
      />
    </>
  );
}
