import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { type KeyRow, keyNameSchema } from "../../../../shared/schemas/keys.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useCreateKey } from "../api/create-key.ts";
import { useRenameKey } from "../api/rename-key.ts";

export const KEY_EXISTS = "A key with this name already exists in this project";

const formSchema = z.object({ key: keyNameSchema, sourceValue: z.string() });

export interface KeyFormDialogProps {
  projectId: string;
  /** The source language's name, for the optional source string field. */
  sourceLabel: string;
  /** Add when absent; rename this key when given. */
  editing: KeyRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function KeyForm({
  projectId,
  sourceLabel,
  editing,
  onDone,
}: Omit<KeyFormDialogProps, "open" | "onOpenChange"> & { onDone: () => void }) {
  const createKey = useCreateKey(projectId);
  const renameKey = useRenameKey(projectId);
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { key: editing?.key ?? "", sourceValue: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ key, sourceValue }) => {
    if (editing) {
      if (key === editing.key) {
        onDone();
        return;
      }
      try {
        await renameKey.mutateAsync({ keyId: editing.id, key });
        toast.success("Key updated");
        onDone();
      } catch (error) {
        const conflict = isApiError(error) && error.status === 409;
        form.setError(conflict ? "key" : "root.server", {
          message: conflict ? KEY_EXISTS : "Failed to update key name",
        });
      }
      return;
    }
    try {
      await createKey.mutateAsync({ key, ...(sourceValue.trim() !== "" ? { sourceValue } : {}) });
      toast.success("Key added");
      onDone();
    } catch (error) {
      const conflict = isApiError(error) && error.status === 409;
      form.setError(conflict ? "key" : "root.server", {
        message: conflict ? KEY_EXISTS : "Failed to add key",
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Key name" error={errors.key?.message}>
        <Input
          autoComplete="off"
          spellCheck={false}
          placeholder="auth.login.title"
          className="font-mono"
          autoFocus
          {...form.register("key")}
        />
      </FormField>
      {editing ? null : (
        <FormField label={`Source string (${sourceLabel})`} optional>
          <Textarea rows={3} {...form.register("sourceValue")} />
        </FormField>
      )}
      <FormServerError message={errors.root?.server?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={isSubmitting}>
          {editing ? "Save" : "Add Key"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Add/Edit Translation Key (spec point 2 dialogs, point 5 key name rules). */
export function KeyFormDialog({ projectId, sourceLabel, editing, open, onOpenChange }: KeyFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? "Edit Translation Key" : "Add Translation Key"}
        description={
          editing
            ? "Rename the key. Its strings stay."
            : "Keys are grouped by the prefix before the first dot."
        }
      >
        {open ? (
          <KeyForm
            key={editing?.id ?? "new"}
            projectId={projectId}
            sourceLabel={sourceLabel}
            editing={editing}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
