import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { languageName } from "../../../../shared/languages.ts";
import {
  DESCRIPTION_MAX,
  type KeyRow,
  keyNameSchema,
  TAG_MAX,
  TAGS_MAX,
  VALUE_MAX,
} from "../../../../shared/schemas/keys.ts";
import { namespaceSchema } from "../../../../shared/schemas/namespace.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { failureText } from "../../../lib/failure-text.ts";
import { useCreateKey } from "../api/create-key.ts";
import { useProjectNamespaces } from "../api/key-facets.ts";
import { useUpdateKey } from "../api/update-key.ts";

export const KEY_EXISTS = "A key with this name already exists in this project";

const formSchema = z.object({
  key: keyNameSchema,
  sourceValue: z.string(),
  description: z
    .string()
    .max(DESCRIPTION_MAX, `A description must be at most ${DESCRIPTION_MAX.toLocaleString("en")} characters`),
  /** Comma-separated, as typed. */
  tags: z
    .string()
    .refine((text) => splitTags(text).length <= TAGS_MAX, `A key can have at most ${TAGS_MAX} tags`)
    .refine(
      (text) => splitTags(text).every((tag) => tag.length <= TAG_MAX),
      `A tag must be at most ${TAG_MAX} characters`,
    ),
  maxLength: z
    .string()
    .trim()
    .refine((text) => text === "" || /^\d+$/.test(text), "Max length must be a whole number")
    .refine(
      (text) => text === "" || (Number(text) >= 1 && Number(text) <= VALUE_MAX),
      `Max length must be between 1 and ${VALUE_MAX.toLocaleString("en")}`,
    ),
  translatable: z.boolean(),
  /** The key's file (issue 33); "": the language's one file. */
  namespace: namespaceSchema,
});

function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

function sameMetadata(metadata: ReturnType<typeof metadataOf>, row: KeyRow): boolean {
  return (
    metadata.description === (row.description ?? null) &&
    metadata.tags.join("\n") === (row.tags ?? []).join("\n") &&
    metadata.maxLength === (row.maxLength ?? null) &&
    metadata.translatable === (row.translatable !== false) &&
    metadata.namespace === (row.namespace ?? "")
  );
}

/** The metadata fields as the API takes them: empty clears. */
function metadataOf(values: z.infer<typeof formSchema>) {
  return {
    description: values.description.trim() === "" ? null : values.description.trim(),
    tags: splitTags(values.tags),
    maxLength: values.maxLength === "" ? null : Number(values.maxLength),
    translatable: values.translatable,
    namespace: values.namespace,
  };
}

export interface KeyFormDialogProps {
  projectId: string;
  /** The source language's code: its name labels the optional source string field. */
  sourceLanguage: string;
  /** Add when absent; rename this key when given. */
  editing: KeyRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function KeyForm({
  projectId,
  sourceLanguage,
  editing,
  onDone,
}: Omit<KeyFormDialogProps, "open" | "onOpenChange"> & { onDone: () => void }) {
  const createKey = useCreateKey(projectId);
  const updateKey = useUpdateKey(projectId);
  const namespaces = useProjectNamespaces(projectId, sourceLanguage);
  const namespaceListId = useId();
  // Most projects have one file a language: the field shows only where there are several.
  const showNamespace = (namespaces !== undefined && namespaces.length > 0) || Boolean(editing?.namespace);
  const form = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: {
      key: editing?.key ?? "",
      sourceValue: "",
      description: editing?.description ?? "",
      tags: editing?.tags?.join(", ") ?? "",
      maxLength: editing?.maxLength !== undefined ? String(editing.maxLength) : "",
      translatable: editing?.translatable !== false,
      namespace: editing?.namespace ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const { key, sourceValue } = values;
    const { namespace, ...metadata } = metadataOf(values);
    if (editing) {
      // The spec: an unchanged name (and here, nothing else changed) just closes the editor.
      if (key === editing.key && sameMetadata({ ...metadata, namespace }, editing)) {
        onDone();
        return;
      }
      try {
        await updateKey.mutateAsync({
          keyId: editing.id,
          ...(key !== editing.key ? { key } : {}),
          ...metadata,
          // Sent only when changed: a move to another file is the one change this field makes.
          ...(namespace !== (editing.namespace ?? "") ? { namespace } : {}),
        });
        toast.success("Key updated");
        onDone();
      } catch (error) {
        const conflict = isApiError(error) && error.status === 409;
        form.setError(conflict ? "key" : "root.server", {
          message: conflict
            ? KEY_EXISTS
            : failureText(error, key !== editing.key ? "Failed to update key name" : "Failed to update key"),
        });
      }
      return;
    }
    try {
      await createKey.mutateAsync({
        key,
        ...(sourceValue.trim() !== "" ? { sourceValue } : {}),
        ...metadata,
        ...(namespace !== "" ? { namespace } : {}),
      });
      toast.success("Key added");
      onDone();
    } catch (error) {
      const conflict = isApiError(error) && error.status === 409;
      form.setError(conflict ? "key" : "root.server", {
        message: conflict ? KEY_EXISTS : failureText(error, "Failed to add key"),
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
      {showNamespace ? (
        <>
          <FormField
            label="File (namespace)"
            optional
            hint="Leave empty for the default file."
            error={errors.namespace?.message}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              placeholder="common"
              list={namespaceListId}
              {...form.register("namespace")}
            />
          </FormField>
          {/* The project's files to pick from; a new name makes a new file. */}
          <datalist id={namespaceListId}>
            {namespaces
              ?.filter((name) => name !== "")
              .map((name) => (
                <option key={name} value={name} />
              ))}
          </datalist>
        </>
      ) : null}
      {editing ? null : (
        <FormField label={`Source string (${languageName(sourceLanguage)})`} optional>
          <Textarea rows={3} {...form.register("sourceValue")} />
        </FormField>
      )}
      <FormField label="Description" optional error={errors.description?.message}>
        <Textarea
          rows={2}
          placeholder="What the text is and where it shows, for translators and the AI"
          {...form.register("description")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[1fr_11rem]">
        <FormField label="Tags" optional error={errors.tags?.message}>
          <Input autoComplete="off" placeholder="onboarding, button" {...form.register("tags")} />
        </FormField>
        <FormField label="Max length" optional error={errors.maxLength?.message}>
          <Input inputMode="numeric" autoComplete="off" placeholder="none" {...form.register("maxLength")} />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="translatable"
        render={({ field }) => (
          <div className="flex items-center gap-2 text-sm">
            <Checkbox
              id="key-translatable"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
            <label htmlFor="key-translatable">
              Translatable (off: never counted as missing or sent to AI)
            </label>
          </div>
        )}
      />
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
export function KeyFormDialog({
  projectId,
  sourceLanguage,
  editing,
  open,
  onOpenChange,
}: KeyFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? "Edit Translation Key" : "Add Translation Key"}
        description={
          editing
            ? "Rename the key or change what translators are told. Its strings stay."
            : "Keys are grouped by the prefix before the first dot."
        }
      >
        {open ? (
          <KeyForm
            key={editing?.id ?? "new"}
            projectId={projectId}
            sourceLanguage={sourceLanguage}
            editing={editing}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
