import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { languageName } from "../../../../shared/languages.ts";
import {
  BOTH_FLAGS_MESSAGE,
  type GlossaryTerm,
  PARTS_OF_SPEECH,
  TERM_DESCRIPTION_MAX,
  TERM_MAX,
  TERM_TRANSLATION_MAX,
} from "../../../../shared/schemas/glossary.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { failureText } from "../../../lib/failure-text.ts";
import { useCreateGlossaryTerm } from "../api/create-glossary-term.ts";
import { useUpdateGlossaryTerm } from "../api/update-glossary-term.ts";

/** The form's values: the server's rules, with an empty part of speech for "none". */
const termFormSchema = z
  .object({
    term: z
      .string()
      .trim()
      .min(1, "Term is required")
      .max(TERM_MAX, `A term must be at most ${TERM_MAX} characters`),
    description: z.string().trim().max(TERM_DESCRIPTION_MAX, `At most ${TERM_DESCRIPTION_MAX} characters`),
    partOfSpeech: z.union([z.enum(PARTS_OF_SPEECH), z.literal("")]),
    caseSensitive: z.boolean(),
    forbidden: z.boolean(),
    doNotTranslate: z.boolean(),
    translations: z.record(
      z.string(),
      z.string().trim().max(TERM_TRANSLATION_MAX, `At most ${TERM_TRANSLATION_MAX} characters`),
    ),
  })
  .refine((values) => !(values.forbidden && values.doNotTranslate), {
    message: BOTH_FLAGS_MESSAGE,
    path: ["doNotTranslate"],
  });
type TermFormValues = z.infer<typeof termFormSchema>;

export interface TermDialogProps {
  teamId: string;
  /** The term to edit; null adds a new one. */
  term: GlossaryTerm | null;
  /** The team's languages: one translation field each (besides any the term already has). */
  languages: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add or edit a glossary term: the term, what it means, its flags and a translation per language. */
export function TermDialog({ teamId, term, languages, open, onOpenChange }: TermDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={term ? "Edit term" : "Add term"}
        description="Translators and the AI see the description and use the approved translations."
        className="max-w-lg"
      >
        {open ? (
          <TermForm teamId={teamId} term={term} languages={languages} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const FLAGS = [
  { name: "caseSensitive", label: "Case sensitive", hint: "Match only with the same capital letters" },
  { name: "doNotTranslate", label: "Do not translate", hint: "A name kept as it is in every language" },
  { name: "forbidden", label: "Forbidden", hint: "Never use this term (nor the translations given)" },
] as const;

function TermForm({
  teamId,
  term,
  languages,
  onDone,
}: {
  teamId: string;
  term: GlossaryTerm | null;
  languages: readonly string[];
  onDone: () => void;
}) {
  const create = useCreateGlossaryTerm(teamId);
  const update = useUpdateGlossaryTerm(teamId);
  const codes = [...new Set([...languages, ...Object.keys(term?.translations ?? {})])];
  const form = useForm<TermFormValues>({
    resolver: zodResolver(termFormSchema),
    defaultValues: {
      term: term?.term ?? "",
      description: term?.description ?? "",
      partOfSpeech: term?.partOfSpeech ?? "",
      caseSensitive: term?.caseSensitive ?? false,
      forbidden: term?.forbidden ?? false,
      doNotTranslate: term?.doNotTranslate ?? false,
      translations: Object.fromEntries(codes.map((code) => [code, term?.translations[code] ?? ""])),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...values, partOfSpeech: values.partOfSpeech === "" ? null : values.partOfSpeech };
    try {
      if (term) await update.mutateAsync({ id: term.id, body });
      else await create.mutateAsync(body);
      toast.success(term ? "Term saved" : "Term added");
      onDone();
    } catch (error) {
      form.setError("root.server", {
        message: failureText(error, term ? "Failed to save the term" : "Failed to add the term"),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Term" error={errors.term?.message}>
        <Input autoFocus autoComplete="off" {...form.register("term")} />
      </FormField>
      <FormField
        label="Description"
        optional
        error={errors.description?.message}
        hint="What it means and where it appears"
      >
        <Textarea rows={2} {...form.register("description")} />
      </FormField>
      <FormField label="Part of speech" optional>
        <NativeSelect {...form.register("partOfSpeech")}>
          <option value="">—</option>
          {PARTS_OF_SPEECH.map((part) => (
            <option key={part} value={part}>
              {part[0]?.toUpperCase() + part.slice(1)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Flags</legend>
        {FLAGS.map((flag) => (
          <Controller
            key={flag.name}
            control={form.control}
            name={flag.name}
            render={({ field }) => (
              <div className="flex items-start gap-2">
                <Checkbox
                  id={`term-${flag.name}`}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  className="mt-0.5"
                />
                <div className="flex flex-col">
                  <Label htmlFor={`term-${flag.name}`}>{flag.label}</Label>
                  <span className="text-xs text-muted">{flag.hint}</span>
                </div>
              </div>
            )}
          />
        ))}
        {errors.doNotTranslate?.message ? (
          <p role="alert" className="text-xs font-medium text-danger">
            {errors.doNotTranslate.message}
          </p>
        ) : null}
      </fieldset>
      {codes.length > 0 ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">Approved translations</legend>
          {codes.map((code) => (
            <FormField
              key={code}
              label={`${languageName(code)} (${code})`}
              optional
              error={errors.translations?.[code]?.message}
            >
              <Input autoComplete="off" {...form.register(`translations.${code}`)} />
            </FormField>
          ))}
        </fieldset>
      ) : null}
      <FormServerError message={errors.root?.server?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" loading={isSubmitting}>
          {term ? "Save" : "Add term"}
        </Button>
      </div>
    </form>
  );
}
