/** The tone page's one error banner (loading or saving failed); nothing when all is well. */
export function ToneErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm font-medium text-danger-hover">
      {message}
    </p>
  );
}
