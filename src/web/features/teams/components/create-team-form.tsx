import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { createTeamBodySchema, type TeamSummary } from "../../../../shared/schemas/teams.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { FormActions, FormServerError } from "../../../components/ui/form-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCreateTeam } from "../api/create-team.ts";

export const CREATE_TEAM_FAILED = "Failed to create team";

export interface CreateTeamFormProps {
  submitLabel: string;
  onCreated: (team: TeamSummary) => void;
  secondaryAction?: ReactNode;
  fullWidthSubmit?: boolean;
}

/** Team name (required); submitting creates the team. */
export function CreateTeamForm({
  submitLabel,
  onCreated,
  secondaryAction,
  fullWidthSubmit,
}: CreateTeamFormProps) {
  const createTeam = useCreateTeam();
  const form = useForm({ resolver: zodResolver(createTeamBodySchema), defaultValues: { name: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const team = await createTeam.mutateAsync(values);
      onCreated(team);
    } catch (error) {
      form.setError("root.server", { message: errorMessage(error, CREATE_TEAM_FAILED) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Team name" error={errors.name?.message}>
        <Input autoComplete="organization" placeholder="Acme Inc." autoFocus {...form.register("name")} />
      </FormField>
      <FormServerError message={errors.root?.server?.message} />
      <FormActions
        submitLabel={submitLabel}
        loading={isSubmitting}
        secondaryAction={secondaryAction}
        fullWidth={fullWidthSubmit}
      />
    </form>
  );
}
