import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { createProjectBodySchema, type Project } from "../../../../shared/schemas/projects.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { useCreateProject } from "../api/create-project.ts";

export const CREATE_PROJECT_FAILED = "Failed to create project";

export interface CreateProjectDialogProps {
  teamId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (project: Project) => void;
}

function CreateProjectForm({ teamId, onCreated }: { teamId: string; onCreated: (project: Project) => void }) {
  const createProject = useCreateProject(teamId);
  const form = useForm({ resolver: zodResolver(createProjectBodySchema), defaultValues: { name: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const project = await createProject.mutateAsync(values);
      toast.success("Project created successfully");
      onCreated(project);
    } catch {
      form.setError("root.server", { message: CREATE_PROJECT_FAILED });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Project name" error={errors.name?.message}>
        <Input placeholder="Mobile app" autoComplete="off" autoFocus {...form.register("name")} />
      </FormField>
      <FormServerError message={errors.root?.server?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={isSubmitting}>
          Create Project
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Create Project (spec point 2 dialogs): name required and trimmed; languages start as ['en']. */
export function CreateProjectDialog({ teamId, open, onOpenChange, onCreated }: CreateProjectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Create Project"
        description="A project holds translation keys and their languages. It starts with English."
      >
        {open ? (
          <CreateProjectForm
            teamId={teamId}
            onCreated={(project) => {
              onCreated(project);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
