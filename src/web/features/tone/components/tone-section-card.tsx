import { Trash2, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { DEFAULT_SECTION_TITLE, type ToneSection } from "../../../../shared/schemas/tone.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { useDeleteToneSection } from "../api/delete-tone-section.ts";
import { useUpdateToneSection } from "../api/update-tone-section.ts";
import { reason } from "../tone-errors.ts";
import { ReadOnlyText } from "./tone-text-block.tsx";

/** Spec point 5: Enter without Shift commits a rule or a title/description edit. */
function commitsOnEnter(event: KeyboardEvent<HTMLElement>, commit: () => void) {
  if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    commit();
  }
}

function RuleRow({
  rule,
  canEdit,
  onSave,
  onDelete,
}: {
  rule: string;
  canEdit: boolean;
  onSave: (rule: string) => void;
  onDelete: () => void;
}) {
  const [draft, setDraft] = useState(rule);
  useEffect(() => setDraft(rule), [rule]);
  if (!canEdit) return <li className="rounded-md bg-surface px-3 py-2 text-sm">{rule}</li>;

  function commit() {
    const trimmed = draft.trim();
    // A rule emptied by editing keeps its text; deleting is the delete button.
    if (trimmed === "" || trimmed === rule) {
      setDraft(rule);
      return;
    }
    onSave(trimmed);
  }

  return (
    <li className="flex items-center gap-2">
      <Input
        aria-label="Rule"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => commitsOnEnter(event, commit)}
        onBlur={commit}
      />
      <Button variant="ghost" size="icon" aria-label={`Delete rule ${rule}`} onClick={onDelete}>
        <X />
      </Button>
    </li>
  );
}

export interface ToneSectionCardProps {
  section: ToneSection;
  /** Indexes into section.rules of the rules the search leaves visible. */
  ruleIndexes: number[];
  canEdit: boolean;
}

/** One custom section: title, description and its rules, editable by the owner and admins. */
export function ToneSectionCard({ section, ruleIndexes, canEdit }: ToneSectionCardProps) {
  const update = useUpdateToneSection(section.id);
  const remove = useDeleteToneSection();
  const [title, setTitle] = useState(section.title);
  const [description, setDescription] = useState(section.description);
  const [newRule, setNewRule] = useState("");
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setTitle(section.title), [section.title]);
  useEffect(() => setDescription(section.description), [section.description]);

  function saveHeading() {
    const nextTitle = title.trim() === "" ? DEFAULT_SECTION_TITLE : title.trim();
    const nextDescription = description.trim();
    if (nextTitle === section.title && nextDescription === section.description) {
      setTitle(section.title);
      setDescription(section.description);
      return;
    }
    update.mutate(
      { title: nextTitle, description: nextDescription },
      {
        onError: (error) => {
          setTitle(section.title);
          setDescription(section.description);
          toast.error(`Failed to save section "${nextTitle}": ${reason(error)}`);
        },
      },
    );
  }

  function saveRules(rules: string[], failure: string) {
    update.mutate({ rules }, { onError: (error) => toast.error(`${failure}: ${reason(error)}`) });
  }

  function addRule() {
    const rule = newRule.trim();
    if (rule === "") {
      setNewRule("");
      return;
    }
    setNewRule("");
    saveRules([...section.rules, rule], "Failed to save rules");
  }

  function deleteSection() {
    remove.mutate(section, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        setConfirming(false);
        toast.error(`Failed to delete section: ${reason(error)}`);
      },
    });
  }

  return (
    <Card
      role="region"
      aria-label={section.title}
      className="flex flex-col gap-3 p-5"
      data-testid="tone-section"
    >
      {canEdit ? (
        <div className="flex items-start gap-2">
          <div className="flex flex-1 flex-col gap-2">
            <Input
              aria-label="Section title"
              className="font-semibold"
              placeholder={DEFAULT_SECTION_TITLE}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              onKeyDown={(event) => commitsOnEnter(event, saveHeading)}
              onBlur={saveHeading}
            />
            <Textarea
              aria-label="Section description"
              rows={2}
              className="min-h-12"
              placeholder="Add a description..."
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              onKeyDown={(event) => commitsOnEnter(event, saveHeading)}
              onBlur={saveHeading}
            />
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete section ${section.title}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 />
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <h2 className="text-base font-semibold">{section.title}</h2>
          {section.description ? (
            <p className="text-sm text-muted whitespace-pre-wrap">{section.description}</p>
          ) : null}
        </div>
      )}

      {ruleIndexes.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={`Rules of ${section.title}`}>
          {ruleIndexes.map((index) => {
            const rule = section.rules[index] ?? "";
            return (
              <RuleRow
                // Rules are plain strings and may repeat; the position is their identity.
                key={index}
                rule={rule}
                canEdit={canEdit}
                onSave={(next) =>
                  saveRules(
                    section.rules.map((r, i) => (i === index ? next : r)),
                    "Failed to save rule",
                  )
                }
                onDelete={() =>
                  saveRules(
                    section.rules.filter((_, i) => i !== index),
                    "Failed to delete rule",
                  )
                }
              />
            );
          })}
        </ul>
      ) : !canEdit && section.rules.length === 0 ? (
        // A reader is told the section has no rules rather than shown an empty card (issue 19).
        <ReadOnlyText text={null} empty="No rules yet" />
      ) : null}

      {canEdit ? (
        <Input
          aria-label={`Add rule to ${section.title}`}
          placeholder="Add rule..."
          value={newRule}
          onChange={(event) => setNewRule(event.target.value)}
          onKeyDown={(event) => commitsOnEnter(event, addRule)}
        />
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete section"
        description="Are you sure you want to delete this section? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={deleteSection}
      />
    </Card>
  );
}
