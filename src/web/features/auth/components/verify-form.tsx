import { zodResolver } from "@hookform/resolvers/zod";
import { type ClipboardEvent, type KeyboardEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { codeSchema, type Me, OTP_LENGTH, RESEND_WAIT_SECONDS } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSendCode } from "../api/send-code.ts";
import { useVerifyCode } from "../api/verify-code.ts";
import { useCountdown } from "../hooks/use-countdown.ts";

const verifyFormSchema = z.object({ code: codeSchema });

export const INVALID_CODE_FALLBACK = "Invalid OTP. Please try again.";
export const RESEND_FAILED = "Failed to resend OTP";

function digitsOnly(value: string): string {
  return value.replace(/\D/g, "").slice(0, OTP_LENGTH);
}

export interface VerifyFormProps {
  email: string;
  /** When the current code was sent (ms since epoch); the resend link waits 60 s from then. */
  codeSentAt: number;
  onCodeSent: (sentAt: number) => void;
  onVerified: (me: Me) => void;
}

/** Six-digit code entry (one input, digits only, paste-friendly) with the resend link. */
export function VerifyForm({ email, codeSentAt, onCodeSent, onVerified }: VerifyFormProps) {
  const verify = useVerifyCode();
  const resend = useSendCode();
  const [sentAt, setSentAt] = useState(codeSentAt);
  const [resendError, setResendError] = useState<string | null>(null);
  const secondsLeft = useCountdown(sentAt + RESEND_WAIT_SECONDS * 1000);

  const form = useForm({
    resolver: zodResolver(verifyFormSchema),
    defaultValues: { code: "" },
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const code = form.watch("code");
  const complete = code.length === OTP_LENGTH;
  const codeError = form.formState.errors.code?.message;

  const setCode = (value: string) => {
    form.setValue("code", digitsOnly(value), { shouldDirty: true });
    if (form.formState.errors.code) form.clearErrors("code");
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const me = await verify.mutateAsync({ email, code: values.code });
      onVerified(me);
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500
          ? errorMessage(error, INVALID_CODE_FALLBACK)
          : INVALID_CODE_FALLBACK;
      form.setError("code", { message }, { shouldFocus: true });
    }
  });

  const showIncompleteError = () => {
    if (!complete) void form.trigger("code");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && !complete) {
      event.preventDefault();
      showIncompleteError();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = digitsOnly(event.clipboardData.getData("text"));
    if (pasted === "") return;
    event.preventDefault();
    setCode(pasted);
  };

  const onResend = async () => {
    setResendError(null);
    try {
      // The person chose codes (a team with single sign-on would otherwise answer its provider).
      await resend.mutateAsync({ email, withCode: true });
      const now = Date.now();
      setSentAt(now);
      onCodeSent(now);
      setCode("");
      toast.success(`We sent a new code to ${email}`);
    } catch (error) {
      const detail = errorMessage(error, "");
      setResendError(
        detail === "" || detail === RESEND_FAILED ? RESEND_FAILED : `${RESEND_FAILED}. ${detail}`,
      );
    }
  };

  const field = form.register("code");

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField
        label="Verification code"
        error={codeError}
        hint={`Enter the ${OTP_LENGTH}-digit code from the e-mail.`}
      >
        <Input
          name={field.name}
          ref={field.ref}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onBlur={(event) => {
            void field.onBlur(event);
            if (code.length > 0) showIncompleteError();
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          placeholder="000000"
          autoFocus
          className="h-12 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em] placeholder:text-border-strong"
        />
      </FormField>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!complete}
        loading={form.formState.isSubmitting}
      >
        Verify
      </Button>
      <div className="flex flex-col items-center gap-1 text-sm">
        <p className="text-muted">
          Didn&apos;t get a code?{" "}
          <Button
            variant="link"
            size="sm"
            className="text-sm"
            onClick={onResend}
            disabled={secondsLeft > 0 || resend.isPending}
            aria-describedby={secondsLeft > 0 ? "resend-wait" : undefined}
          >
            Resend code
          </Button>
        </p>
        {secondsLeft > 0 ? (
          <p id="resend-wait" className="text-xs text-muted">
            {`You can request a new code in ${secondsLeft} s`}
          </p>
        ) : null}
        {resendError ? (
          <p role="alert" className="text-xs font-medium text-danger">
            {resendError}
          </p>
        ) : null}
      </div>
    </form>
  );
}
