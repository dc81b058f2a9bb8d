import { Pencil, Trash2 } from "lucide-react";
import type { GlossaryTerm } from "../../../../shared/schemas/glossary.ts";
import { Button } from "../../../components/ui/button.tsx";
import { TableRegion } from "../../../components/ui/table-region.tsx";
import { TermFlags } from "./term-flags.tsx";

export interface GlossaryTableProps {
  terms: readonly GlossaryTerm[];
  /** The team's languages: one column each. */
  languages: readonly string[];
  /** Absent for those who may only read the glossary (no buttons then). */
  onEdit?: ((term: GlossaryTerm) => void) | undefined;
  onDelete?: ((term: GlossaryTerm) => void) | undefined;
}

const cell = "px-3 py-2 align-top";

/**
 * The terms: name with its flags, part of speech, a column per language, description. A table from
 * 1024 px (in its own scroll region, should many languages not fit), cards below it.
 */
export function GlossaryTable(props: GlossaryTableProps) {
  return (
    <>
      <div className="hidden lg:block">
        <TermTable {...props} />
      </div>
      <div className="lg:hidden">
        <TermCards {...props} />
      </div>
    </>
  );
}

function Actions({
  term,
  onEdit,
  onDelete,
}: { term: GlossaryTerm } & Pick<GlossaryTableProps, "onEdit" | "onDelete">) {
  return (
    <>
      {onEdit ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Edit ${term.term}`}
          title="Edit"
          onClick={() => onEdit(term)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Delete ${term.term}`}
          title="Delete"
          onClick={() => onDelete(term)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      ) : null}
    </>
  );
}

/** Below 1024 px: one card per term, nothing wider than the screen. */
function TermCards({ terms, languages, onEdit, onDelete }: GlossaryTableProps) {
  return (
    <ul aria-label="Glossary terms" className="flex flex-col gap-3">
      {terms.map((term) => (
        <li
          key={term.id}
          data-term={term.term}
          className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="flex min-w-0 flex-col gap-1">
              <span className="font-medium break-words">{term.term}</span>
              <TermFlags term={term} />
            </div>
            <div className="flex shrink-0">
              <Actions term={term} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </div>
          {term.partOfSpeech ? <p className="text-xs text-muted">{term.partOfSpeech}</p> : null}
          {!term.doNotTranslate && languages.some((code) => term.translations[code]) ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              {languages
                .filter((code) => term.translations[code])
                .map((code) => (
                  <div key={code} className="contents">
                    <dt className="text-muted">{code}</dt>
                    <dd className="min-w-0 break-words">{term.translations[code]}</dd>
                  </div>
                ))}
            </dl>
          ) : null}
          {term.description ? <p className="break-words text-muted">{term.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function TermTable({ terms, languages, onEdit, onDelete }: GlossaryTableProps) {
  const manage = onEdit !== undefined || onDelete !== undefined;
  return (
    <TableRegion label="Glossary table">
      <thead className="bg-surface text-xs text-muted">
        <tr>
          <th scope="col" className={cell}>
            Term
          </th>
          <th scope="col" className={cell}>
            Part of speech
          </th>
          {languages.map((code) => (
            <th key={code} scope="col" className={cell}>
              {code}
            </th>
          ))}
          <th scope="col" className={cell}>
            Description
          </th>
          {manage ? (
            <th scope="col" className={cell}>
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {terms.map((term) => (
          <tr key={term.id} className="border-t border-border" data-term={term.term}>
            <th scope="row" className={`${cell} font-medium`}>
              <div className="flex flex-col gap-1">
                <span className="break-words">{term.term}</span>
                <TermFlags term={term} />
              </div>
            </th>
            <td className={`${cell} text-muted`}>{term.partOfSpeech ?? ""}</td>
            {languages.map((code) => (
              <td key={code} className={`${cell} break-words`}>
                {term.doNotTranslate ? (
                  <span className="text-muted">{term.term}</span>
                ) : (
                  (term.translations[code] ?? "")
                )}
              </td>
            ))}
            <td className={`${cell} max-w-72 break-words text-muted`}>{term.description}</td>
            {manage ? (
              <td className={`${cell} whitespace-nowrap text-right`}>
                <Actions term={term} onEdit={onEdit} onDelete={onDelete} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
