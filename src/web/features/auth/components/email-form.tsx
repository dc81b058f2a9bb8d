import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { sendCodeBodySchema } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSendCode } from "../api/send-code.ts";

export interface EmailFormProps {
  /** Shown under the field when sending fails and the server gave no message. */
  fallbackError: string;
  /** Called with the normalised e-mail once the code is on its way. */
  onSent: (email: string) => void;
  /** Runs before the code is requested (e.g. to set the sign-up flag). */
  beforeSend?: (email: string) => void;
}

/** The e-mail step of sign-in and sign-up: asks the server to e-mail a code. */
export function EmailForm({ fallbackError, onSent, beforeSend }: EmailFormProps) {
  const sendCode = useSendCode();
  const form = useForm({
    resolver: zodResolver(sendCodeBodySchema),
    defaultValues: { email: "" },
  });
  const emailError = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    beforeSend?.(email);
    try {
      await sendCode.mutateAsync({ email });
      onSent(email);
    } catch (error) {
      form.setError("email", { message: errorMessage(error, fallbackError) }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Email" error={emailError}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          autoFocus
          {...form.register("email")}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={form.formState.isSubmitting}>
        Continue
      </Button>
    </form>
  );
}
