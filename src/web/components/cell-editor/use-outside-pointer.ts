import { useEffect, useRef } from "react";

/** Elements a press inside of does not count as "outside" the cell editor: dialogs, popovers, toasts. */
const IGNORED =
  '[data-editing], [role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper], [data-sonner-toaster]';

/** Calls `onOutside` when the user presses anywhere outside the open cell editor (spec point 4). */
export function useOutsidePointer(active: boolean, onOutside: () => void): void {
  const callback = useRef(onOutside);
  callback.current = onOutside;
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest(IGNORED)) return;
      callback.current();
    };
    document.addEventListener("pointerdown", listener, true);
    return () => document.removeEventListener("pointerdown", listener, true);
  }, [active]);
}
