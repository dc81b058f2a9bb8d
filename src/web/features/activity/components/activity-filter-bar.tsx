import { X } from "lucide-react";
import { type ReactNode, useId } from "react";
import { ACTIVITY_KINDS, type ActivityKind } from "../../../../shared/schemas/activity.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import type { ActivityFilters } from "../../../lib/query-keys.ts";
import type { AddressFilter } from "../activity-filters.ts";

/** A person the feed can be filtered on. */
export interface ActivityPerson {
  userId: string;
  name: string;
}

/** Whose feed is shown: the selected project's, or (owners and admins) the whole team's. */
export interface ActivityScope {
  projectName: string | null;
  wholeTeam: boolean;
  onChange: (wholeTeam: boolean) => void;
}

export interface ActivityFilterBarProps {
  filters: Omit<ActivityFilters, "projectId">;
  people: readonly ActivityPerson[];
  /** The kinds offered (a reviewer sees only string work). */
  kinds: readonly ActivityKind[];
  /** Absent: the selected project's feed only. */
  scope?: ActivityScope | undefined;
  onChange: (filter: AddressFilter, value: string | undefined) => void;
  onClear: () => void;
}

function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

const PROJECT = "project";
const TEAM = "team";

/**
 * The feed's filters: whose feed (owners and admins), person, kind and a range of days. What is
 * set lives in the address, so a link shares the view. Two columns on phones, one row when wide.
 */
export function ActivityFilterBar({
  filters,
  people,
  kinds,
  scope,
  onChange,
  onClear,
}: ActivityFilterBarProps) {
  const id = useId();
  const active = Object.values(filters).some((value) => value !== undefined);
  // A link may name someone no longer in the team: they stay choosable, unnamed.
  const listed = filters.userId === undefined || people.some((person) => person.userId === filters.userId);
  return (
    <fieldset className="grid min-w-0 grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap">
      <legend className="sr-only">Filter the activity</legend>
      {scope ? (
        <Field label="Show" id={`${id}-scope`}>
          <NativeSelect
            id={`${id}-scope`}
            className="sm:w-44"
            value={scope.wholeTeam || scope.projectName === null ? TEAM : PROJECT}
            onChange={(event) => scope.onChange(event.target.value === TEAM)}
          >
            {scope.projectName !== null ? <option value={PROJECT}>{scope.projectName}</option> : null}
            <option value={TEAM}>Whole team</option>
          </NativeSelect>
        </Field>
      ) : null}
      <Field label="Person" id={`${id}-person`}>
        <NativeSelect
          id={`${id}-person`}
          className="sm:w-44"
          value={filters.userId ?? ""}
          onChange={(event) => onChange("person", event.target.value)}
        >
          <option value="">Everyone</option>
          {people.map((person) => (
            <option key={person.userId} value={person.userId}>
              {person.name}
            </option>
          ))}
          {listed ? null : <option value={filters.userId}>A former member</option>}
        </NativeSelect>
      </Field>
      <Field label="Kind" id={`${id}-kind`}>
        <NativeSelect
          id={`${id}-kind`}
          className="sm:w-56"
          value={filters.kind ?? ""}
          onChange={(event) => onChange("kind", event.target.value)}
        >
          <option value="">All kinds</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {ACTIVITY_KINDS[kind].label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="From" id={`${id}-since`}>
        <Input
          id={`${id}-since`}
          type="date"
          className="sm:w-40"
          value={filters.since ?? ""}
          max={filters.until}
          onChange={(event) => onChange("since", event.target.value)}
        />
      </Field>
      <Field label="To" id={`${id}-until`}>
        <Input
          id={`${id}-until`}
          type="date"
          className="sm:w-40"
          value={filters.until ?? ""}
          min={filters.since}
          onChange={(event) => onChange("until", event.target.value)}
        />
      </Field>
      {active ? (
        <Button variant="ghost" className="justify-self-start text-muted" onClick={onClear}>
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
}
