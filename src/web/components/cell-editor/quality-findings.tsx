import { CircleAlert, TriangleAlert, Wand2 } from "lucide-react";
import { useState } from "react";
import { CHECKS, type Finding } from "../../../shared/quality/checks.ts";
import { cn } from "../../lib/cn.ts";
import { Button } from "../ui/button.tsx";

/** Findings shown before "+N more": a cell stays one or two lines taller at most. */
const SHOWN = 2;

export interface QualityFindingsProps {
  findings: readonly Finding[];
  /** Saves the finding's corrected value. */
  onFix: (value: string) => void;
  /** While a save runs or the cell is loading. */
  disabled?: boolean;
}

/**
 * The quality checks a cell fails (issue 21), one compact line each: an icon by severity, the
 * message, and a Fix button where the check has a safe fix. The placeholder fix keeps its
 * long-standing name, "Fix placeholders".
 */
export function QualityFindings({ findings, onFix, disabled }: QualityFindingsProps) {
  const [expanded, setExpanded] = useState(false);
  if (findings.length === 0) return null;
  const shown = expanded || findings.length <= SHOWN + 1 ? findings : findings.slice(0, SHOWN);
  const hidden = findings.length - shown.length;
  return (
    <div role="note" aria-label="Quality checks" className="flex flex-col gap-1 text-xs">
      <ul className="flex flex-col gap-1">
        {shown.map((finding) => (
          <FindingLine key={finding.id} finding={finding} onFix={onFix} disabled={disabled} />
        ))}
      </ul>
      {hidden > 0 || expanded ? (
        <button
          type="button"
          className="w-fit rounded-sm text-muted underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "Show fewer" : `+${hidden} more`}
        </button>
      ) : null}
    </div>
  );
}

function FindingLine({
  finding,
  onFix,
  disabled,
}: {
  finding: Finding;
  onFix: (value: string) => void;
  disabled: boolean | undefined;
}) {
  const error = finding.severity === "error";
  const Icon = error ? CircleAlert : TriangleAlert;
  const { fix } = finding;
  return (
    <li
      className={cn("flex flex-wrap items-center gap-1.5", error ? "text-danger" : "text-warning")}
      data-check={finding.id}
    >
      <Icon className="size-3.5 shrink-0" aria-label={error ? "Error" : "Warning"} role="img" />
      <span className="min-w-0 break-words">{finding.message}</span>
      {fix !== undefined ? (
        <Button
          size="sm"
          variant="outline"
          className="h-6 px-2"
          aria-label={finding.id === "placeholders" ? "Fix placeholders" : `Fix: ${CHECKS[finding.id].title}`}
          title={`Change to: ${fix}`}
          disabled={disabled}
          onClick={() => onFix(fix)}
        >
          <Wand2 aria-hidden="true" />
          Fix
        </Button>
      ) : null}
    </li>
  );
}
