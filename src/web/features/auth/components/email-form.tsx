import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { sendCodeBodySchema } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useSendCode } from "../api/send-code.ts";
import { SsoChoice } from "./sso-choice.tsx";

export interface EmailFormProps {
  /** Shown under the field when sending fails and the server gave no message. */
  fallbackError: string;
  /** Called with the normalised e-mail once the code is on its way. */
  onSent: (email: string) => void;
  /** Runs before the code is requested (e.g. to set the sign-up flag). */
  beforeSend?: (email: string) => void;
}

/**
 * The e-mail step of sign-in and sign-up: asks the server to e-mail a code. An address whose team
 * signs in with single sign-on (issue 38) is offered its identity provider instead.
 */
export function EmailForm({ fallbackError, onSent, beforeSend }: EmailFormProps) {
  const sendCode = useSendCode();
  const [sso, setSso] = useState<{ email: string; url: string | null; teamName: string } | null>(null);
  const form = useForm({
    resolver: zodResolver(sendCodeBodySchema),
    defaultValues: { email: "" },
  });
  const emailError = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    beforeSend?.(email);
    try {
      const answer = await sendCode.mutateAsync({ email });
      if (answer.sent) onSent(email);
      else setSso({ email, ...answer.sso });
    } catch (error) {
      form.setError("email", { message: errorMessage(error, fallbackError) }, { shouldFocus: true });
    }
  });

  if (sso) {
    return (
      <SsoChoice
        {...sso}
        onCodeSent={() => onSent(sso.email)}
        onBack={() => {
          setSso(null);
          form.setValue("email", sso.email);
        }}
      />
    );
  }

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
