import { type PointerEvent, useState } from "react";
import type { Screenshot, ScreenshotRect } from "../../../../shared/schemas/screenshots.ts";
import { type Point, rectFromPoints, rectStyle, toImagePoint } from "../rect-geometry.ts";
import { ScreenshotFigure } from "./screenshot-figure.tsx";

/**
 * The screenshot on which the user drags the rectangle where a key's text is (mouse, pen or touch).
 * A click without a drag keeps the rectangle there was; "Whole image" beside it clears it, so a
 * keyboard user can always link without drawing.
 */
export function RectPicker({
  screenshot,
  keyName,
  rect,
  onChange,
}: {
  screenshot: Screenshot;
  keyName: string;
  rect: ScreenshotRect | null;
  onChange: (rect: ScreenshotRect | null) => void;
}) {
  const [start, setStart] = useState<Point | null>(null);
  const [draft, setDraft] = useState<ScreenshotRect | null>(null);

  const pointOf = (event: PointerEvent<HTMLDivElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return toImagePoint(
      { x: event.clientX - box.left, y: event.clientY - box.top },
      { width: box.width, height: box.height },
      screenshot,
    );
  };

  const shown = draft ?? rect;
  return (
    <ScreenshotFigure screenshot={screenshot} rect={null} keyName={keyName} className="touch-none">
      <div
        className="absolute inset-0 cursor-crosshair"
        data-testid="rect-picker"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          setStart(pointOf(event));
          setDraft(null);
        }}
        onPointerMove={(event) => {
          if (start) setDraft(rectFromPoints(start, pointOf(event), screenshot));
        }}
        onPointerUp={(event) => {
          if (!start) return;
          const drawn = rectFromPoints(start, pointOf(event), screenshot);
          setStart(null);
          setDraft(null);
          if (drawn) onChange(drawn);
        }}
        onPointerCancel={() => {
          setStart(null);
          setDraft(null);
        }}
      >
        {shown ? (
          <span
            className="pointer-events-none absolute rounded-sm border-2 border-brand-600 bg-brand-500/15"
            style={rectStyle(shown, screenshot)}
            data-testid="drawn-rect"
          />
        ) : null}
      </div>
    </ScreenshotFigure>
  );
}
