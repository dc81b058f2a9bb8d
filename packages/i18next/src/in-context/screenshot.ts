import type { Rectangle } from "./api.ts";

/** A box in the window's CSS pixels (as getBoundingClientRect gives it). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A text's rectangle in the screenshot's pixels: its box relative to the captured part of the
 * window, times the capture's scale (the device pixel ratio), cut to the image.
 */
export function rectangleInImage(target: Box, view: Box, scale: number): Rectangle {
  const imageWidth = Math.max(1, Math.round((view.right - view.left) * scale));
  const imageHeight = Math.max(1, Math.round((view.bottom - view.top) * scale));
  const x = Math.min(imageWidth - 1, Math.max(0, Math.round((target.left - view.left) * scale)));
  const y = Math.min(imageHeight - 1, Math.max(0, Math.round((target.top - view.top) * scale)));
  const right = Math.min(imageWidth, Math.round((target.right - view.left) * scale));
  const bottom = Math.min(imageHeight, Math.round((target.bottom - view.top) * scale));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/**
 * A PNG of what the window shows of the page, and the text's rectangle on it. The document is
 * drawn (a <body> drawn alone would lose the margins that collapse through it, and its texts would
 * move in the picture) at the window's size, shifted by the scroll, so only the visible part is
 * drawn however long the page; the editor's own elements are left out.
 */
export async function captureViewport(target: Element): Promise<{ image: Blob; rectangle: Rectangle }> {
  const { domToBlob } = await import("modern-screenshot");
  const scale = window.devicePixelRatio || 1;
  const html = document.documentElement;
  const page = html.getBoundingClientRect();
  const view: Box = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
  const rectangle = rectangleInImage(target.getBoundingClientRect(), view, scale);
  // The page's background, which is often set on <html> rather than on <body>.
  const backgroundColor =
    [document.body, html]
      .map((node) => getComputedStyle(node).backgroundColor)
      .find((color) => color && color !== "transparent" && color !== "rgba(0, 0, 0, 0)") ?? "#fff";
  const image = await domToBlob(html, {
    type: "image/png",
    scale,
    backgroundColor,
    width: view.right,
    height: view.bottom,
    style: { transform: `translate(${page.left}px, ${page.top}px)`, transformOrigin: "0 0" },
    filter: (node) => !(node instanceof Element && node.hasAttribute("data-sprog-in-context")),
  });
  return { image, rectangle };
}
