import { Spinner } from "./spinner.tsx";

/** The full-screen 'Loading...' shown while the session is checked (spec point 2). */
export function PageLoading() {
  return (
    <div
      className="flex min-h-screen items-center justify-center gap-2 text-muted"
      role="status"
      aria-live="polite"
    >
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}
