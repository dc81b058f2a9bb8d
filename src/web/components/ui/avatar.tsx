import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

/** Up to two initials from a name, falling back to the first letter of an e-mail address. */
export function initialsOf(name: string): string {
  const cleaned = name.trim();
  if (cleaned === "") return "?";
  const base = cleaned.includes("@") && !cleaned.includes(" ") ? (cleaned.split("@")[0] ?? cleaned) : cleaned;
  const words = base.split(/[\s._-]+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const second = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + second).toUpperCase() || "?";
}

export interface AvatarProps extends ComponentProps<"span"> {
  name: string;
  size?: "sm" | "md";
}

export function Avatar({ name, size = "md", className, ...props }: AvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 select-none",
        size === "sm" ? "size-6 text-[10px]" : "size-8 text-xs",
        className,
      )}
      {...props}
    >
      {initialsOf(name)}
    </span>
  );
}
