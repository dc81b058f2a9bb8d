import { X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { CHECKS } from "../../../../shared/quality/checks.ts";
import { ISSUES_FILTER, type KeyFacets, type KeyFilters } from "../../../../shared/schemas/key-filters.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { cn } from "../../../lib/cn.ts";
import type { FilterName } from "../key-filters.ts";

export interface KeyFilterBarProps {
  filters: KeyFilters;
  /** The counts; undefined while the first ones load. */
  facets: KeyFacets | undefined;
  /** The language the string filters look at (the selected tab). */
  languageLabel: string;
  isSource: boolean;
  onChange: (name: FilterName, value: string | undefined) => void;
  onClear: () => void;
}

/** The on/off filters, with the facet that counts each. */
const TOGGLES = [
  { name: "missing", label: "Missing", count: "missing" },
  { name: "translated", label: "Translated", count: "translated" },
  { name: "unverified", label: "Unverified AI", count: "unverified" },
  { name: "placeholders", label: "Placeholder problems", count: "placeholders" },
  { name: "described", label: "Has description", count: "described" },
] as const satisfies readonly { name: FilterName; label: string; count: keyof KeyFacets }[];

/**
 * One of the bar's selects: its label shown from the small breakpoint (the select's accessible
 * name either way), '' choosing none of its values.
 */
function FilterSelect({
  label,
  name = label,
  className,
  value,
  onChange,
  children,
}: {
  label: string;
  name?: string;
  className: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1 text-xs text-muted">
      <span className="sr-only sm:not-sr-only" aria-hidden="true">
        {label}
      </span>
      <NativeSelect
        className={className}
        aria-label={name}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        {children}
      </NativeSelect>
    </div>
  );
}

const count = (n: number | undefined) => (n === undefined ? "" : ` (${n.toLocaleString("en")})`);

/** What the File filter calls a namespace: "" is the language's one file, which needs a name here. */
export const DEFAULT_FILE_LABEL = "Default file";
const fileLabel = (namespace: string) => (namespace === "" ? DEFAULT_FILE_LABEL : namespace);

/**
 * The File select's option values: prefixed, because "" already means "any file" to the select
 * while the filter's "" is the default file.
 */
const FILE_OPTION = "file:";
const fileOption = (namespace: string) => `${FILE_OPTION}${namespace}`;
const namespaceOfOption = (value: string | undefined) => value?.slice(FILE_OPTION.length);

/**
 * The Overview's filters (issue 19): toggles, approval state, quality check (issue 21), tag, file
 * (issue 33) and "changed since", each with how
 * many keys it keeps on its own in the selected language; together they all must hold. What is set
 * lives in the address, so a link shares the view.
 */
export function KeyFilterBar({
  filters,
  facets,
  languageLabel,
  isSource,
  onChange,
  onClear,
}: KeyFilterBarProps) {
  const dateId = useId();
  const active = Object.entries(filters).some(([name, value]) => name !== "lang" && value !== undefined);
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="key-filter-summary">
      <legend className="sr-only">Filter keys by their {languageLabel} text</legend>
      <div className="flex flex-wrap items-center gap-1.5">
        {TOGGLES.filter((toggle) => !(isSource && toggle.name === "placeholders")).map((toggle) => {
          const on = filters[toggle.name] !== undefined;
          return (
            <button
              key={toggle.name}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(toggle.name, on ? undefined : "1")}
              className={cn(
                "h-7 rounded-full border px-2.5 text-xs whitespace-nowrap transition-colors",
                "focus-visible:outline-2 focus-visible:outline-ring",
                on
                  ? "border-brand-600 bg-brand-50 font-medium text-brand-700"
                  : "border-border bg-background text-muted hover:text-foreground",
              )}
            >
              {toggle.label}
              {count(facets?.[toggle.count])}
            </button>
          );
        })}
        <FilterSelect
          label="Approval"
          className="w-40"
          value={filters.approval}
          onChange={(value) => onChange("approval", value)}
        >
          <option value="">Any approval</option>
          <option value="approved">Approved{count(facets?.approved)}</option>
          <option value="needs_changes">Needs changes{count(facets?.needsChanges)}</option>
          <option value="pending">Pending{count(facets?.pending)}</option>
        </FilterSelect>
        <FilterSelect
          label="Quality"
          name="Quality checks"
          className="w-44"
          value={filters.check}
          onChange={(value) => onChange("check", value)}
        >
          <option value="">Any quality</option>
          <option value={ISSUES_FILTER}>Any issue{count(facets?.issues)}</option>
          {filters.check &&
          filters.check !== ISSUES_FILTER &&
          !facets?.checks.some((c) => c.id === filters.check) ? (
            <option value={filters.check}>{CHECKS[filters.check].title}</option>
          ) : null}
          {facets?.checks.map((check) => (
            <option key={check.id} value={check.id}>
              {CHECKS[check.id].title}
              {count(check.count)}
            </option>
          ))}
        </FilterSelect>
        {facets && (facets.tags.length > 0 || filters.tag) ? (
          <FilterSelect
            label="Tag"
            className="w-36"
            value={filters.tag}
            onChange={(value) => onChange("tag", value)}
          >
            <option value="">Any tag</option>
            {filters.tag && !facets.tags.some((tag) => tag.tag === filters.tag) ? (
              <option value={filters.tag}>{filters.tag}</option>
            ) : null}
            {facets.tags.map((tag) => (
              <option key={tag.tag} value={tag.tag}>
                {tag.tag}
                {count(tag.count)}
              </option>
            ))}
          </FilterSelect>
        ) : null}
        {/* Only projects of several files a language (issue 33) get it: most have one. */}
        {facets && (facets.namespaces.length > 0 || filters.namespace !== undefined) ? (
          <FilterSelect
            label="File"
            className="w-36"
            value={filters.namespace === undefined ? undefined : fileOption(filters.namespace)}
            onChange={(value) => onChange("namespace", namespaceOfOption(value))}
          >
            <option value="">Any file</option>
            {filters.namespace !== undefined &&
            !facets.namespaces.some((entry) => entry.namespace === filters.namespace) ? (
              <option value={fileOption(filters.namespace)}>{fileLabel(filters.namespace)}</option>
            ) : null}
            {facets.namespaces.map((entry) => (
              <option key={entry.namespace} value={fileOption(entry.namespace)}>
                {fileLabel(entry.namespace)}
                {count(entry.count)}
              </option>
            ))}
          </FilterSelect>
        ) : null}
        <div className="flex items-center gap-1 text-xs text-muted">
          <label htmlFor={dateId}>Changed since</label>
          <Input
            id={dateId}
            type="date"
            className="h-7 w-36 px-2 text-xs"
            value={filters.changedSince ?? ""}
            max={new Date().toISOString().slice(0, 10)}
            onChange={(event) => onChange("changedSince", event.target.value || undefined)}
          />
        </div>
      </div>
      <p id="key-filter-summary" className="flex items-center gap-2 text-xs text-muted" aria-live="polite">
        {active && facets ? (
          <>
            {facets.matching.toLocaleString("en")} of {facets.total.toLocaleString("en")}{" "}
            {facets.total === 1 ? "key matches" : "keys match"} in {languageLabel}
            <Button size="sm" variant="ghost" className="h-6 px-1.5 text-xs" onClick={onClear}>
              <X aria-hidden="true" />
              Clear filters
            </Button>
          </>
        ) : null}
      </p>
    </fieldset>
  );
}
