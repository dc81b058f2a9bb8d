import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { searchLanguages } from "../../../../shared/languages.ts";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";

export interface AddLanguageDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project's languages: they are not offered again. */
  existing: readonly string[];
  /** The code being added (shows a spinner on it). */
  adding: string | null;
  onAdd: (code: string) => void;
}

/** Add Language (spec point 2 dialogs, point 5): a searchable list of catalogue languages not in the project. */
export function AddLanguageDialog({ open, onOpenChange, existing, adding, onAdd }: AddLanguageDialogProps) {
  const [query, setQuery] = useState("");
  const results = useMemo(() => searchLanguages(query, existing), [query, existing]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuery("");
        onOpenChange(next);
      }}
    >
      <DialogContent title="Add Language" description="Search by name or code.">
        <SearchInput
          label="Search languages"
          placeholder="Search languages..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="max-w-none"
          autoFocus
        />
        <ul className="-mx-2 flex max-h-72 flex-col overflow-y-auto" aria-label="Languages">
          {results.length === 0 ? (
            <li className="px-2 py-6 text-center text-sm text-muted">No languages found.</li>
          ) : (
            results.map((language) => (
              <li key={language.code}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                  disabled={adding !== null}
                  onClick={() => onAdd(language.code)}
                >
                  <span className="flex-1 truncate">{language.name}</span>
                  <span className="font-mono text-xs text-muted">{language.code}</span>
                  {adding === language.code ? (
                    <Spinner />
                  ) : (
                    <Plus className="size-4 text-subtle" aria-hidden="true" />
                  )}
                </button>
              </li>
            ))
          )}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
