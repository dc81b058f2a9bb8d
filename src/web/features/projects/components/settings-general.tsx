import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import type { PermissionFlags } from "../../../../shared/permissions.ts";
import {
  PLACEHOLDER_FORMATS,
  type PlaceholderFormat,
  type Project,
  placeholderFormatSchema,
} from "../../../../shared/schemas/projects.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DangerZone } from "../../../components/ui/danger-zone.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { useDeleteProject } from "../api/delete-project.ts";
import { useUpdateProject } from "../api/update-project.ts";

const FORMAT_LABELS: Record<PlaceholderFormat, string> = {
  web: "Web — {name}",
  unified: "Unified — [name]",
  ios: "iOS — %@",
  android: "Android — %1$s",
  lokalise: "Lokalise — [%name$s]",
};

const generalSchema = z.object({
  name: z.string().trim().min(1, "Project name is required").max(255),
  placeholderFormat: placeholderFormatSchema,
});

export function SettingsGeneral({
  project,
  flags,
  onDeleted,
}: {
  project: Project;
  flags: PermissionFlags;
  onDeleted: (project: Project) => void;
}) {
  const update = useUpdateProject(project.id);
  const remove = useDeleteProject();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    resolver: zodResolver(generalSchema),
    values: { name: project.name, placeholderFormat: project.placeholderFormat },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const readOnly = !flags.canManageProjects;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      ...(values.name !== project.name ? { name: values.name } : {}),
      ...(values.placeholderFormat !== project.placeholderFormat
        ? { placeholderFormat: values.placeholderFormat }
        : {}),
    };
    if (Object.keys(body).length === 0) return;
    try {
      await update.mutateAsync(body);
      toast.success("Project updated");
    } catch {
      toast.error("Failed to update project");
    }
  });

  const confirmDelete = () => {
    remove.mutate(project, {
      onSuccess: () => {
        toast.success("Project deleted");
        setConfirming(false);
        onDeleted(project);
      },
      onError: () => toast.error("Failed to delete project"),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <h3 className="text-sm font-semibold">General</h3>
        <FormField label="Project name" error={errors.name?.message}>
          <Input autoComplete="off" disabled={readOnly} {...form.register("name")} />
        </FormField>
        <FormField label="Placeholder format" hint="How placeholders are written in this project's files.">
          <NativeSelect disabled={readOnly} {...form.register("placeholderFormat")}>
            {PLACEHOLDER_FORMATS.map((format) => (
              <option key={format} value={format}>
                {FORMAT_LABELS[format]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {readOnly ? null : (
          <div className="flex justify-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Save
            </Button>
          </div>
        )}
      </form>
      {flags.canManageProjects ? (
        <DangerZone
          action="Delete project"
          description="Deletes the project with all its keys and translations."
          onAction={() => setConfirming(true)}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete project?"
        description={
          <>
            Are you sure you want to delete <strong className="text-foreground">{project.name}</strong>? This
            action cannot be undone.
          </>
        }
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
