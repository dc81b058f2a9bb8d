import { Check, GitBranch, GitMerge } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { MAIN_BRANCH } from "../../../../shared/schemas/branches.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useBranches, useCreateBranch } from "../api/branches.ts";
import type { AddressBranch } from "../hooks/use-address-branch.ts";

export interface BranchPickerProps {
  projectId: string;
  /** The screen's branch, from the address. */
  address: AddressBranch;
  /** Owners and admins start branches. */
  canStart: boolean;
}

/**
 * The branch the Overview shows (and the one the Releases screen publishes from), beside the
 * project's name: main or one of its live branches; owners and admins start one here from main or
 * another branch.
 */
export function BranchPicker({ projectId, address, canStart }: BranchPickerProps) {
  const [open, setOpen] = useState(false);
  const current = address.branch?.name ?? MAIN_BRANCH;
  // Asked when first opened: the Overview on main needs no list of branches.
  const list = useBranches(open ? projectId : null);
  const names = (list.data?.branches ?? []).map((b) => b.name);
  const choose = (name: string | null) => {
    address.select(name);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Branch: ${current}`} title="Switch branch">
          <GitBranch aria-hidden="true" />
          <span className="max-w-40 truncate font-mono">{current}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="flex w-80 flex-col gap-3">
        <nav aria-label="Branches">
          <ul className="flex max-h-60 flex-col overflow-y-auto">
            {[null, ...names].map((name) => {
              const shown = name ?? MAIN_BRANCH;
              const selected = shown === current;
              return (
                <li key={shown}>
                  <button
                    type="button"
                    aria-current={selected ? "true" : undefined}
                    onClick={() => choose(name)}
                    className={cn(
                      "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left font-mono text-sm hover:bg-surface-muted",
                      selected && "font-semibold",
                    )}
                  >
                    <Check aria-hidden="true" className={cn("size-4", selected ? "" : "invisible")} />
                    {shown}
                  </button>
                </li>
              );
            })}
          </ul>
          {list.isPending && open ? <p className="px-2 py-1 text-xs text-muted">Loading branches…</p> : null}
          {list.isError ? (
            <p className="px-2 py-1 text-xs text-danger" role="alert">
              {errorMessage(list.error, "Could not load the branches.")}
            </p>
          ) : null}
        </nav>
        {canStart ? (
          <StartBranchForm
            projectId={projectId}
            bases={names}
            current={address.branch?.name ?? null}
            onStarted={(name) => choose(name)}
          />
        ) : null}
        <Link
          to="/app/branches"
          onClick={() => setOpen(false)}
          className="flex items-center gap-2 text-sm text-brand-600 underline-offset-4 hover:underline"
        >
          <GitMerge aria-hidden="true" className="size-4" />
          All branches, compare and merge
        </Link>
      </PopoverContent>
    </Popover>
  );
}

function StartBranchForm({
  projectId,
  bases,
  current,
  onStarted,
}: {
  projectId: string;
  bases: string[];
  current: string | null;
  onStarted: (name: string) => void;
}) {
  const create = useCreateBranch(projectId);
  const [name, setName] = useState("");
  const [base, setBase] = useState(current ?? MAIN_BRANCH);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), ...(base === MAIN_BRANCH ? {} : { base }) },
      { onSuccess: (branch) => onStarted(branch.name) },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-2 border-t border-border pt-3"
      aria-label="Start a branch"
    >
      <FormField
        label="New branch"
        hint="Its changes stay on it until it is merged."
        error={
          create.isError
            ? errorMessage(create.error, "Could not start the branch. Please try again.")
            : undefined
        }
      >
        <Input
          value={name}
          placeholder="feature/checkout"
          onChange={(event) => {
            setName(event.target.value);
            if (create.isError) create.reset();
          }}
        />
      </FormField>
      <FormField label="Start from">
        <NativeSelect value={base} onChange={(event) => setBase(event.target.value)}>
          {[MAIN_BRANCH, ...bases].map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" size="sm" disabled={name.trim() === "" || create.isPending}>
        {create.isPending ? "Starting…" : "Start branch"}
      </Button>
    </form>
  );
}
