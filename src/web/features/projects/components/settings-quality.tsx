import { useId } from "react";
import { toast } from "sonner";
import type { PermissionFlags } from "../../../../shared/permissions.ts";
import { CHECK_IDS, CHECKS, type CheckId } from "../../../../shared/quality/checks.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useUpdateProject } from "../api/update-project.ts";

/**
 * Project Settings → Quality checks (issue 21): each check on or off for the project. A check that
 * is off is not shown on cells, counted or offered as a filter; the results stay stored, so turning
 * it back on shows them at once. Saved on each change.
 */
export function SettingsQuality({ project, flags }: { project: Project; flags: PermissionFlags }) {
  const update = useUpdateProject(project.id);
  const headingId = useId();
  const disabled = new Set(project.disabledChecks);
  const readOnly = !flags.canManageProjects;

  const toggle = (id: CheckId, on: boolean) => {
    const next = CHECK_IDS.filter((check) => (check === id ? !on : disabled.has(check)));
    update.mutate(
      { disabledChecks: next },
      {
        onSuccess: () => toast.success(`${CHECKS[id].title} ${on ? "turned on" : "turned off"}`),
        onError: (error) => toast.error(errorMessage(error, "Failed to save the quality checks")),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h3 id={headingId} className="text-base font-semibold">
          Quality checks
        </h3>
        <p className="text-sm text-muted">
          Every save, import and AI translation is checked. Turn off the checks that do not fit this project
          {readOnly ? " (owners and admins can change them)" : ""}.
        </p>
      </div>
      <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
        {CHECK_IDS.map((id) => {
          const on = !disabled.has(id);
          const inputId = `${headingId}-${id}`;
          return (
            <li key={id} className="flex items-start gap-3 px-3 py-2">
              <Checkbox
                id={inputId}
                className="mt-0.5"
                checked={on}
                disabled={readOnly || update.isPending}
                onCheckedChange={(checked) => toggle(id, checked === true)}
              />
              <label htmlFor={inputId} className="flex min-w-0 cursor-pointer flex-col text-sm">
                <span className="font-medium">
                  {CHECKS[id].title}
                  <span className="ml-2 text-xs font-normal text-muted">
                    {CHECKS[id].severity === "error" ? "Error" : "Warning"}
                  </span>
                </span>
                <span className="text-muted">{CHECKS[id].description}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
