import { CircleAlert, ClipboardCheck, GitMerge } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { languageName } from "../../../../shared/languages.ts";
import type {
  DiffKey,
  DiffString,
  KeyChange,
  MergeResolution,
  MergeResult,
} from "../../../../shared/schemas/branches.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useBranchDiff, useMergeBranch, useRequestBranchReview } from "../api/branches.ts";
import { changesText } from "./branches-view.tsx";

type Choice = MergeResolution["take"];

interface Resolution {
  take: Choice;
  /** Edit: the text per conflicting language. */
  values: Record<string, string>;
}

const CHANGE_TEXT: Record<KeyChange, string> = {
  added: "Added",
  changed: "Changed",
  renamed: "Renamed",
  deleted: "Deleted",
};

const CHOICES: { take: Choice; label: string }[] = [
  { take: "branch", label: "Take branch" },
  { take: "base", label: "Take base" },
  { take: "edit", label: "Edit" },
];

/** The resolutions as the merge takes them: edited texts only for the conflicting languages. */
export function resolutionsOf(keys: DiffKey[], chosen: Record<string, Resolution>): MergeResolution[] {
  return keys.flatMap((key): MergeResolution[] => {
    const resolution = chosen[key.keyId];
    if (!key.conflict || !resolution) return [];
    if (resolution.take !== "edit") return [{ keyId: key.keyId, take: resolution.take }];
    const values = Object.fromEntries(
      key.strings
        .filter((s) => s.conflict)
        .map((s) => [s.language, resolution.values[s.language] ?? s.branch ?? ""]),
    );
    return [{ keyId: key.keyId, take: "edit" as const, values }];
  });
}

function Text({ value }: { value: string | null }) {
  return value === null ? (
    <span className="text-muted italic">none</span>
  ) : (
    <span className="whitespace-pre-wrap wrap-anywhere">{value}</span>
  );
}

/**
 * /app/branches/:branchId: what the branch changes against its base, key by key and language by
 * language, conflicts first; each conflict is resolved before Merge is offered.
 */
export function MergeView({ projectId, branchId }: { projectId: string; branchId: string }) {
  const diff = useBranchDiff(branchId);
  const merge = useMergeBranch(projectId, branchId);
  const requestReview = useRequestBranchReview(projectId, branchId);
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Record<string, Resolution>>({});
  const [result, setResult] = useState<MergeResult | null>(null);

  if (result) return <MergeDone result={result} />;
  if (diff.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner /> Comparing the branch with its base…
      </p>
    );
  }
  if (diff.isError) {
    return (
      <p className="text-sm text-danger" role="alert">
        {errorMessage(diff.error, "Could not compare the branch. Please try again.")}
      </p>
    );
  }

  const { branch, keys, blockedBy, reviewNeeded } = diff.data;
  // Conflicts first: they are what stands between the branch and its base.
  const ordered = [...keys].sort((a, b) => Number(b.conflict) - Number(a.conflict));
  const conflicting = keys.filter((key) => key.conflict);
  const unresolved = conflicting.filter((key) => !chosen[key.keyId]).length;
  const choose = (key: DiffKey, take: Choice) =>
    setChosen((old) => ({
      ...old,
      [key.keyId]: {
        take,
        values:
          old[key.keyId]?.values ??
          Object.fromEntries(key.strings.filter((s) => s.conflict).map((s) => [s.language, s.branch ?? ""])),
      },
    }));
  const edit = (key: DiffKey, language: string, text: string) =>
    setChosen((old) => {
      const current = old[key.keyId];
      if (!current) return old;
      return { ...old, [key.keyId]: { ...current, values: { ...current.values, [language]: text } } };
    });

  const why =
    blockedBy ??
    (unresolved > 0
      ? `Resolve ${unresolved} ${unresolved === 1 ? "conflict" : "conflicts"} to merge.`
      : null);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <span className="font-mono font-semibold">{branch.name}</span> into{" "}
        <span className="font-mono font-semibold">{branch.baseName}</span>: {changesText(branch.changes)}.
        {conflicting.length > 0
          ? ` ${conflicting.length} ${conflicting.length === 1 ? "key conflicts" : "keys conflict"}: ${branch.baseName} changed ${conflicting.length === 1 ? "it" : "them"} too.`
          : ""}
      </p>
      {keys.length === 0 ? (
        <p className="text-sm text-muted">The branch matches {branch.baseName}: there is nothing to merge.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {ordered.map((key) => (
            <li key={key.keyId}>
              <KeyDiff
                diffKey={key}
                resolution={chosen[key.keyId]}
                onChoose={(take) => choose(key, take)}
                onEdit={(language, text) => edit(key, language, text)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-border pt-3">
        <Button
          disabled={why !== null || keys.length === 0 || merge.isPending}
          aria-describedby={why ? "merge-blocked" : undefined}
          onClick={() =>
            merge.mutate(
              { resolutions: resolutionsOf(keys, chosen) },
              { onSuccess: (answer) => setResult(answer) },
            )
          }
        >
          <GitMerge aria-hidden="true" />
          {merge.isPending ? "Merging…" : `Merge into ${branch.baseName}`}
        </Button>
        {why ? (
          <p id="merge-blocked" className="text-sm text-muted">
            {why}
          </p>
        ) : null}
        {reviewNeeded ? (
          <Button
            variant="outline"
            disabled={requestReview.isPending}
            onClick={() =>
              requestReview.mutate(
                {
                  title: `Changes on ${branch.name}`,
                  keyIds: keys.filter((key) => key.change !== "deleted").map((key) => key.keyId),
                },
                { onSuccess: (review) => void navigate(`/app/review/${review.id}`) },
              )
            }
          >
            <ClipboardCheck aria-hidden="true" />
            {requestReview.isPending ? "Requesting…" : "Request a review of these changes"}
          </Button>
        ) : null}
        {requestReview.isError ? (
          <p className="text-sm text-danger" role="alert">
            {errorMessage(requestReview.error, "Could not request the review. Please try again.")}
          </p>
        ) : null}
        {merge.isError ? (
          <p className="text-sm text-danger" role="alert">
            {errorMessage(merge.error, "Could not merge. Please try again.")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function KeyDiff({
  diffKey: key,
  resolution,
  onChoose,
  onEdit,
}: {
  diffKey: DiffKey;
  resolution: Resolution | undefined;
  onChoose: (take: Choice) => void;
  onEdit: (language: string, text: string) => void;
}) {
  const name = `resolve-${key.keyId}`;
  return (
    <article
      aria-label={key.key}
      className={cn("rounded-md border p-3", key.conflict ? "border-danger/60" : "border-border")}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-mono text-sm font-semibold">{key.key}</h3>
        {key.namespace ? <span className="text-xs text-muted">in {key.namespace}</span> : null}
        <span className="rounded-sm border border-border px-1 text-[11px]">{CHANGE_TEXT[key.change]}</span>
        {key.baseKey && key.baseKey !== key.key ? (
          <span className="text-xs text-muted">
            {key.change === "renamed" ? "was " : "on the base: "}
            <span className="font-mono">{key.baseKey}</span>
          </span>
        ) : null}
        {key.conflict ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-danger">
            <CircleAlert aria-hidden="true" className="size-3.5" />
            Conflict
          </span>
        ) : null}
      </header>
      {key.strings.length > 0 ? (
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Strings of {key.key}</caption>
          <thead className="text-left text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Language
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Was
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Base now
              </th>
              <th scope="col" className="py-1 font-medium">
                Branch
              </th>
            </tr>
          </thead>
          <tbody>
            {key.strings.map((s: DiffString) => (
              <tr
                key={s.language}
                className={cn("border-t border-border align-top", s.conflict && "bg-danger/5")}
              >
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {languageName(s.language)}
                  {s.conflict ? (
                    <span className="ml-1 text-xs font-medium text-danger">(conflict)</span>
                  ) : null}
                </th>
                <td className="py-1 pr-3">
                  <Text value={s.was} />
                </td>
                <td className="py-1 pr-3">
                  <Text value={s.base} />
                </td>
                <td className="py-1">
                  <Text value={s.branch} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {key.conflict ? (
        <fieldset className="mt-3 flex flex-col gap-2">
          <legend className="text-xs font-medium">Resolve {key.key}</legend>
          <div className="flex flex-wrap gap-4">
            {CHOICES.map((choice) => (
              <label key={choice.take} className="flex items-center gap-1.5 text-sm">
                <input
                  type="radio"
                  name={name}
                  value={choice.take}
                  checked={resolution?.take === choice.take}
                  onChange={() => onChoose(choice.take)}
                />
                {choice.label}
              </label>
            ))}
          </div>
          {resolution?.take === "edit"
            ? key.strings
                .filter((s) => s.conflict)
                .map((s) => (
                  <FormField key={s.language} label={`${languageName(s.language)} text of ${key.key}`}>
                    <Textarea
                      value={resolution.values[s.language] ?? ""}
                      onChange={(event) => onEdit(s.language, event.target.value)}
                      rows={2}
                    />
                  </FormField>
                ))
            : null}
        </fieldset>
      ) : null}
    </article>
  );
}

function MergeDone({ result }: { result: MergeResult }) {
  const { branch } = result;
  return (
    <section aria-label="Merged" className="flex flex-col gap-2 rounded-md border border-border p-4">
      <h2 className="text-base font-semibold">
        Merged <span className="font-mono">{branch.name}</span> into{" "}
        <span className="font-mono">{branch.baseName}</span>
      </h2>
      <p className="text-sm">
        {result.keysAdded} {result.keysAdded === 1 ? "key" : "keys"} added, {result.keysChanged} changed,{" "}
        {result.keysDeleted} deleted, {result.strings} {result.strings === 1 ? "string" : "strings"}.
      </p>
      <p className="text-sm text-muted">
        The branch now matches {branch.baseName}. Keep working on it, or delete it on the Branches page.
      </p>
      <div className="flex gap-4 text-sm">
        <Link to="/app/branches" className="text-brand-600 underline-offset-4 hover:underline">
          Back to branches
        </Link>
        <Link
          to={branch.baseId ? `/app/overview?branch=${encodeURIComponent(branch.baseName)}` : "/app/overview"}
          className="text-brand-600 underline-offset-4 hover:underline"
        >
          Open {branch.baseName}
        </Link>
      </div>
    </section>
  );
}
