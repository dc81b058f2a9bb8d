import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";
import { Input } from "./input.tsx";

export interface SearchInputProps extends Omit<ComponentProps<"input">, "type"> {
  /** Accessible name; the placeholder is only a hint. */
  label: string;
}

export function SearchInput({ label, className, ...props }: SearchInputProps) {
  return (
    <div className={cn("relative w-full max-w-xs", className)}>
      <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle" />
      <Input type="search" aria-label={label} className="pl-8" {...props} />
    </div>
  );
}
