import { Toaster as SonnerToaster } from "sonner";

/** Spec point 9: a notification lives 3 seconds (sonner's exit animation takes about 200 ms). */
export const TOAST_DURATION_MS = 3000;

export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      closeButton={false}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        classNames: {
          toast: "!rounded-md !border-border !shadow-md !font-sans",
          title: "!text-sm !font-medium",
        },
      }}
    />
  );
}
