import type { MarkerScanner } from "./dom-scan.ts";
import { element } from "./ui.ts";

/**
 * Alt shows which texts can be edited (outlines drawn in the shadow root, over the page, so
 * nothing moves); Alt+click on one, or Alt+Enter while focus is in one, picks it. The click is
 * caught before the page sees it, so a link or button under the text does not fire.
 */
export function watchPicks(options: {
  scanner: MarkerScanner;
  layer: HTMLElement;
  host: HTMLElement;
  /** Whether picking is on now (signed in, no dialog open). */
  enabled(): boolean;
  pick(element: Element): void;
}): () => void {
  const { scanner, layer, host } = options;
  let shown = false;

  function draw(): void {
    layer.replaceChildren();
    if (!shown) return;
    scanner.flush();
    for (const target of scanner.elements()) {
      const rect = target.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      const box = element("div", { className: "box" });
      box.style.cssText = `left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px`;
      layer.append(box);
    }
  }
  function show(on: boolean): void {
    if (shown === on) return;
    shown = on;
    draw();
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (!options.enabled()) return;
    if (event.key === "Alt") show(true);
    else if (event.key === "Enter" && event.altKey) {
      const target = scanner.closest(document.activeElement);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      show(false);
      options.pick(target);
    }
  }
  function onKeyUp(event: KeyboardEvent): void {
    if (event.key === "Alt") show(false);
  }
  /** The text under an Alt+click, the page's own handlers kept from it. */
  function caught(event: MouseEvent): Element | undefined {
    if (!event.altKey || !options.enabled() || event.target === host) return undefined;
    const target = scanner.closest(event.target as Node | null);
    if (!target) return undefined;
    event.preventDefault();
    event.stopPropagation();
    return target;
  }
  function onClick(event: MouseEvent): void {
    const target = caught(event);
    if (!target) return;
    show(false);
    options.pick(target);
  }
  // Menus and drag handles act on the press, before any click.
  const onPress = (event: MouseEvent) => void caught(event);
  const hide = () => show(false);
  const redraw = () => {
    if (shown) draw();
  };

  window.addEventListener("keydown", onKeyDown, true);
  window.addEventListener("keyup", onKeyUp, true);
  window.addEventListener("click", onClick, true);
  window.addEventListener("pointerdown", onPress, true);
  window.addEventListener("mousedown", onPress, true);
  window.addEventListener("blur", hide);
  window.addEventListener("scroll", redraw, true);
  window.addEventListener("resize", redraw);
  return () => {
    window.removeEventListener("keydown", onKeyDown, true);
    window.removeEventListener("keyup", onKeyUp, true);
    window.removeEventListener("click", onClick, true);
    window.removeEventListener("pointerdown", onPress, true);
    window.removeEventListener("mousedown", onPress, true);
    window.removeEventListener("blur", hide);
    window.removeEventListener("scroll", redraw, true);
    window.removeEventListener("resize", redraw);
    layer.replaceChildren();
  };
}
