import { Bot, FlaskConical } from "lucide-react";
import type { MachineKind } from "../../../shared/schemas/keys.ts";

const BADGES: Record<MachineKind, { label: string; title: string; className: string }> = {
  ai: {
    label: "AI · unverified",
    title: "Written by AI: no one has saved or approved it yet",
    className: "bg-brand-50 text-brand-700",
  },
  pseudo: {
    label: "Pseudo",
    title: "Pseudo-localization: test text, not a translation. Never counted as translated.",
    className: "bg-warning/10 text-warning",
  },
};

/** Machine output in a cell (issue 19): marked until a person saves it or approves it in a review. */
export function MachineBadge({ machine }: { machine: MachineKind | undefined }) {
  if (!machine) return null;
  const badge = BADGES[machine];
  const Icon = machine === "ai" ? Bot : FlaskConical;
  return (
    <span
      className={`inline-flex w-fit items-center gap-1 self-start rounded-sm px-1.5 py-px text-[11px] leading-4 font-medium ${badge.className}`}
      title={badge.title}
      data-machine={machine}
    >
      <Icon className="size-3" aria-hidden="true" />
      {badge.label}
    </span>
  );
}
