import { Plus, X } from "lucide-react";
import { useId, useRef } from "react";
import { type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { SSO_ROLES } from "../../../../shared/schemas/sso.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import type { ProviderControl, ProviderForm } from "./provider-form-values.ts";
import { SSO_ROLE_LABELS } from "./sso-roles.ts";

/** ssoSettingsBodySchema's cap on mappings. */
const MAX_MAPPINGS = 50;

export interface RoleMappingsFieldProps {
  control: ProviderControl;
  register: UseFormRegister<ProviderForm>;
  errors: FieldErrors<ProviderForm>["roleMappings"];
}

/** Rows of provider group → role: the role someone in that group gets at each sign-in. */
export function RoleMappingsField({ control, register, errors }: RoleMappingsFieldProps) {
  const id = useId();
  const { fields, append, remove } = useFieldArray({ control, name: "roleMappings" });
  const addButton = useRef<HTMLButtonElement>(null);

  const removeRow = (index: number) => {
    remove(index);
    // The removed row's button took the focus with it: keyboard users carry on from Add.
    addButton.current?.focus();
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-sm font-medium">Role mappings</legend>
      <p id={`${id}-hint`} className="text-xs text-muted">
        Someone in one of these groups gets its role each time they sign in (Admin over Reviewer); everyone
        else joins with the default role. The owner's role never changes.
      </p>
      {fields.length === 0 ? null : (
        <ul className="flex flex-col gap-2">
          {fields.map((field, index) => {
            const number = index + 1;
            const groupError = errors?.[index]?.group?.message;
            const errorId = `${id}-${field.id}-error`;
            return (
              <li key={field.id} className="flex flex-col gap-1">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <Input
                    aria-label={`Group ${number}`}
                    placeholder="Group name, e.g. sprog-admins"
                    autoComplete="off"
                    aria-invalid={groupError ? true : undefined}
                    aria-describedby={groupError ? errorId : undefined}
                    className="sm:flex-1"
                    {...register(`roleMappings.${index}.group`)}
                  />
                  <div className="flex items-center gap-2">
                    <NativeSelect
                      aria-label={`Role for group ${number}`}
                      className="sm:w-36"
                      {...register(`roleMappings.${index}.role`)}
                    >
                      {SSO_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {SSO_ROLE_LABELS[role]}
                        </option>
                      ))}
                    </NativeSelect>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove mapping ${number}`}
                      onClick={() => removeRow(index)}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                {groupError ? (
                  <p id={errorId} role="alert" className="text-xs font-medium text-danger">
                    {groupError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          disabled={fields.length >= MAX_MAPPINGS}
          onClick={() => append({ group: "", role: "reviewer" })}
        >
          <Plus aria-hidden="true" />
          Add mapping
        </Button>
      </div>
    </fieldset>
  );
}
