import { FileText, KeyRound, Languages, ListChecks, Settings, Webhook } from "lucide-react";
import { useState } from "react";
import type { PermissionFlags } from "../../../../shared/permissions.ts";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { cn } from "../../../lib/cn.ts";
import { SettingsApiAccess } from "./settings-api-access.tsx";
import { SettingsFiles } from "./settings-files.tsx";
import { SettingsGeneral } from "./settings-general.tsx";
import { SettingsLanguages } from "./settings-languages.tsx";
import { SettingsQuality } from "./settings-quality.tsx";
import { SettingsWebhooks } from "./settings-webhooks.tsx";

type Section = "general" | "languages" | "quality" | "files" | "api" | "webhooks";

export interface ProjectSettingsDialogProps {
  project: Project;
  flags: PermissionFlags;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the project was deleted (the caller selects the next one). */
  onDeleted: (project: Project) => void;
}

/**
 * Project Settings (spec point 2 dialogs): a sidebar of General, Languages, Quality checks, Files, API
 * Access and Webhooks.
 */
export function ProjectSettingsDialog({
  project,
  flags,
  open,
  onOpenChange,
  onDeleted,
}: ProjectSettingsDialogProps) {
  const [section, setSection] = useState<Section>("general");
  const sections: { id: Section; label: string; icon: typeof Settings }[] = [
    { id: "general", label: "General", icon: Settings },
    { id: "languages", label: "Languages", icon: Languages },
    { id: "quality", label: "Quality checks", icon: ListChecks },
    // The files kept as templates of exports: seen by whoever may export (spec point 6: canManageKeys).
    ...(flags.canManageKeys ? [{ id: "files" as const, label: "Files", icon: FileText }] : []),
    ...(flags.canManageAPIKeys ? [{ id: "api" as const, label: "API Access", icon: KeyRound }] : []),
    ...(flags.canManageWebhooks ? [{ id: "webhooks" as const, label: "Webhooks", icon: Webhook }] : []),
  ];
  const active = sections.some((s) => s.id === section) ? section : "general";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSection("general");
        onOpenChange(next);
      }}
    >
      <DialogContent title="Project Settings" description={project.name} className="max-w-3xl">
        <div className="flex min-h-80 flex-col gap-4 sm:flex-row">
          <nav aria-label="Project settings" className="flex shrink-0 flex-wrap gap-1 sm:w-44 sm:flex-col">
            {sections.map(({ id, label, icon: Icon }) => (
              <button
                key={id}
                type="button"
                aria-current={active === id ? "page" : undefined}
                onClick={() => setSection(id)}
                className={cn(
                  "flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4",
                  active === id ? "bg-surface-muted text-foreground" : "text-muted hover:text-foreground",
                )}
              >
                <Icon aria-hidden="true" />
                {label}
              </button>
            ))}
          </nav>
          <div className="min-w-0 flex-1">
            {active === "general" ? (
              <SettingsGeneral project={project} flags={flags} onDeleted={onDeleted} />
            ) : null}
            {active === "languages" ? <SettingsLanguages project={project} flags={flags} /> : null}
            {active === "quality" ? <SettingsQuality project={project} flags={flags} /> : null}
            {active === "files" ? <SettingsFiles project={project} /> : null}
            {active === "api" ? <SettingsApiAccess project={project} host={window.location.origin} /> : null}
            {active === "webhooks" ? <SettingsWebhooks project={project} /> : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
