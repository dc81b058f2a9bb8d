import { GitBranch, GitMerge } from "lucide-react";
import { Link } from "react-router";
import type { BranchRef } from "../../../lib/branch-context.tsx";

/** Above the keys on a branch: where changes go, and the way to merge them. */
export function BranchBanner({ branch }: { branch: BranchRef }) {
  return (
    <section
      aria-label="Branch"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-brand-600/30 bg-brand-600/5 px-3 py-2 text-sm"
    >
      <GitBranch aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
      <p className="min-w-0 flex-1">
        On branch <span className="font-mono font-semibold">{branch.name}</span>. Changes stay on this branch
        until it is merged. Import, export, AI batch translation and reviews happen on main.
      </p>
      <Link
        to={`/app/branches/${branch.id}`}
        className="inline-flex items-center gap-1 font-medium text-brand-600 underline-offset-4 hover:underline"
      >
        <GitMerge aria-hidden="true" className="size-4" />
        Compare &amp; merge
      </Link>
    </section>
  );
}
