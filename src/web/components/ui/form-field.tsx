import { cloneElement, type ReactElement, useId } from "react";
import { cn } from "../../lib/cn.ts";
import { Label } from "./label.tsx";

interface ControlProps {
  id?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-describedby"?: string;
}

export interface FormFieldProps {
  label: string;
  /** Exactly one form control (Input, Textarea, ...); it gets the id and the aria wiring. */
  children: ReactElement<ControlProps>;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
  className?: string;
  id?: string;
}

/** Label + control + hint/error, wired with htmlFor, aria-invalid and aria-describedby. */
export function FormField({ label, children, error, hint, optional, className, id }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? children.props.id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-baseline gap-1">
        <Label htmlFor={controlId}>{label}</Label>
        {optional ? <span className="text-xs text-muted">(optional)</span> : null}
      </div>
      {cloneElement(children, {
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
