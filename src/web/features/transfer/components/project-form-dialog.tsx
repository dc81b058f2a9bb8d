import type { ComponentType } from "react";
import type { Project } from "../../../../shared/schemas/projects.ts";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";

export interface ProjectDialogProps {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A dialog around a project form that mounts fresh on each open and closes when the form is done. */
export function ProjectFormDialog({
  project,
  open,
  onOpenChange,
  title,
  description,
  Form,
}: ProjectDialogProps & {
  title: string;
  description: string;
  Form: ComponentType<{ project: Project; onDone: () => void }>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        {open ? <Form project={project} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
