import { Columns3 } from "lucide-react";
import { languageName } from "../../../../shared/languages.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";

export interface ColumnPickerProps {
  /** The project's target languages (not the source), in the project's order. */
  languages: readonly string[];
  /** The selected language: always a column. */
  selected: string;
  extra: readonly string[];
  onChange: (extra: string[]) => void;
}

/**
 * Several languages at once (issue 19): the target languages shown as columns beside the selected
 * one. The selected tab's language is always shown; the others are toggled here.
 */
export function ColumnPicker({ languages, selected, extra, onChange }: ColumnPickerProps) {
  const shown = extra.filter((code) => code !== selected).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Language columns: ${shown + 1} shown`}>
          <Columns3 aria-hidden="true" />
          Columns{shown > 0 ? ` (${shown + 1})` : ""}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Language columns</DropdownMenuLabel>
        {languages.map((code) => (
          <DropdownMenuCheckboxItem
            key={code}
            checked={code === selected || extra.includes(code)}
            disabled={code === selected}
            onCheckedChange={(checked) =>
              onChange(checked ? [...extra, code] : extra.filter((other) => other !== code))
            }
          >
            {languageName(code)}
            {code === selected ? <span className="ml-auto text-xs text-muted">selected</span> : null}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
