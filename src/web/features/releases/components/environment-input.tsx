import { type ComponentProps, useId } from "react";
import { Input } from "../../../components/ui/input.tsx";

export interface EnvironmentInputProps extends Omit<ComponentProps<"input">, "list"> {
  /** Names offered as the person types (production, staging, the project's environments). */
  suggestions: readonly string[];
}

/**
 * An environment's name: free text (any new name makes a new environment), with the usual and the
 * existing names offered by the browser's own suggestion list.
 */
export function EnvironmentInput({ suggestions, ...props }: EnvironmentInputProps) {
  const listId = useId();
  return (
    <>
      <Input
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="production"
        list={listId}
        {...props}
      />
      <datalist id={listId}>
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
