/** An environment a release is live in. */
export function LiveBadge({ environment }: { environment: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success">
      <span className="size-1.5 rounded-full bg-success" aria-hidden="true" />
      {environment}
    </span>
  );
}
