import type { ScreenshotRect } from "../../../shared/schemas/screenshots.ts";

export interface Point {
  x: number;
  y: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** A drag shorter than this (image pixels, either way) is a click, not a rectangle. */
const MIN_SIDE = 2;

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/**
 * The rectangle dragged from `a` to `b` (image pixels, any direction), kept inside the image and
 * rounded to whole pixels as the server stores it; null for a drag too small to mean anything.
 */
export function rectFromPoints(a: Point, b: Point, image: ImageSize): ScreenshotRect | null {
  const left = Math.round(clamp(Math.min(a.x, b.x), image.width));
  const top = Math.round(clamp(Math.min(a.y, b.y), image.height));
  const right = Math.round(clamp(Math.max(a.x, b.x), image.width));
  const bottom = Math.round(clamp(Math.max(a.y, b.y), image.height));
  if (right - left < MIN_SIDE || bottom - top < MIN_SIDE) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A point of the displayed image (CSS pixels from its top left) in the image's own pixels. */
export function toImagePoint(
  offset: Point,
  displayed: { width: number; height: number },
  image: ImageSize,
): Point {
  if (displayed.width <= 0 || displayed.height <= 0) return { x: 0, y: 0 };
  return {
    x: (offset.x / displayed.width) * image.width,
    y: (offset.y / displayed.height) * image.height,
  };
}

/** Where a rectangle sits over the displayed image, in percentages, whatever size it is shown at. */
export function rectStyle(rect: ScreenshotRect, image: ImageSize) {
  return {
    left: `${(rect.x / image.width) * 100}%`,
    top: `${(rect.y / image.height) * 100}%`,
    width: `${(rect.width / image.width) * 100}%`,
    height: `${(rect.height / image.height) * 100}%`,
  };
}

/** The rectangle in words, for screen readers and titles. */
export function describeRect(rect: ScreenshotRect | null): string {
  if (!rect) return "the whole image";
  return `${rect.width} × ${rect.height} pixels at ${rect.x}, ${rect.y}`;
}
