import { SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { FILTER_NAMES, type KeyFilters } from "../../../../shared/schemas/key-filters.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Sheet, SheetContent } from "../../../components/ui/sheet.tsx";
import { KeyFilterBar, type KeyFilterBarProps } from "./key-filter-bar.tsx";

/** How many filters are on (the language they look at is not one). */
export function activeFilterCount(filters: KeyFilters): number {
  return FILTER_NAMES.filter((name) => filters[name] !== undefined).length;
}

/**
 * The Overview's filters on a phone (issue 34): one 'Filters (n)' button instead of five chips, two
 * selects and a date filling the screen above the keys; it opens a sheet from the bottom holding the
 * same filter bar, so every filter works as on a wide screen and is applied as it is set.
 */
export function KeyFiltersSheet(props: KeyFilterBarProps) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(props.filters);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={count > 0 ? "border-brand-600 text-brand-700" : undefined}
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {count > 0 ? `Filters (${count})` : "Filters"}
      </Button>
      <SheetContent
        title="Filters"
        // A sheet from the bottom edge, where the thumb is, rather than the drawer's left edge.
        className="inset-x-0 top-auto bottom-0 max-h-[85vh] w-full max-w-none rounded-t-xl border-t border-r-0 data-[state=open]:animate-fade-in"
      >
        <KeyFilterBar {...props} />
        <Button className="self-end" onClick={() => setOpen(false)}>
          Done
        </Button>
      </SheetContent>
    </Sheet>
  );
}
