import type { ReactNode } from "react";
import { Button } from "./button.tsx";

/** The server's answer to a form, shown above its buttons (nothing when there is none). */
export function FormServerError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-sm font-medium text-danger-hover">
      {message}
    </p>
  );
}

/** The submit button of a form, with an optional secondary action beside it (Cancel, Back…). */
export function FormActions({
  submitLabel,
  loading,
  secondaryAction,
  fullWidth = false,
}: {
  submitLabel: string;
  loading: boolean;
  secondaryAction?: ReactNode;
  fullWidth?: boolean;
}) {
  return (
    <div
      className={secondaryAction ? "mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" : undefined}
    >
      {secondaryAction}
      <Button
        type="submit"
        size={fullWidth ? "lg" : "md"}
        className={fullWidth ? "w-full" : undefined}
        loading={loading}
      >
        {submitLabel}
      </Button>
    </div>
  );
}
