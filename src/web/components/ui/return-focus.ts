import { useCallback, useRef } from "react";

/**
 * Where a dialog gives the focus back when it closes. Radix returns it only to a `Dialog.Trigger`;
 * our dialogs open from state (a toolbar button, a row action, a menu item), and without this the
 * focus falls to the page and keyboard users start over from the top.
 */

/** The most recently focused elements, newest last (a menu item that opened a dialog is gone by then). */
const recentlyFocused: HTMLElement[] = [];
const HISTORY = 10;

if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (!(event.target instanceof HTMLElement)) return;
      recentlyFocused.push(event.target);
      if (recentlyFocused.length > HISTORY) recentlyFocused.shift();
    },
    true,
  );
}

/**
 * The element to return to when `dialog` closes: the latest focused element that is still in the
 * page, outside the dialog and not in a menu. That is the opener, also when a field of the dialog
 * took the focus already (autoFocus); for an item of a menu (which closes on choosing it) it is the
 * menu's button, focused before the menu opened.
 */
export function focusOrigin(dialog: Element | null): HTMLElement | null {
  const outside = (element: Element | null | undefined): element is HTMLElement =>
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    !dialog?.contains(element) &&
    element.closest('[role="menu"]') === null;
  if (outside(document.activeElement)) return document.activeElement;
  for (let index = recentlyFocused.length - 1; index >= 0; index -= 1) {
    const element = recentlyFocused[index];
    if (outside(element)) return element;
  }
  return null;
}

/**
 * For a Radix Dialog/AlertDialog Content: `ref` notes the origin when the content mounts (Radix's
 * onOpenAutoFocus does not run when a field of the dialog has autoFocus), `onCloseAutoFocus`
 * focuses it on close, unless the caller's own handler prevented that or the origin is gone.
 */
export function useReturnFocus(onCloseAutoFocus?: ((event: Event) => void) | undefined) {
  const origin = useRef<HTMLElement | null>(null);
  const ref = useCallback((content: HTMLElement | null) => {
    if (content) origin.current = focusOrigin(content);
  }, []);
  return {
    ref,
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = origin.current;
      origin.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
