import type { ReactNode } from "react";
import type { Screenshot, ScreenshotRect } from "../../../../shared/schemas/screenshots.ts";
import { cn } from "../../../lib/cn.ts";
import { describeRect, rectStyle } from "../rect-geometry.ts";

/** What a screen reader hears for the image: its name and the key it shows. */
export function screenshotAlt(screenshot: Pick<Screenshot, "name">, keyName: string): string {
  return `${screenshot.name}, screenshot of ${keyName}`;
}

/**
 * A screenshot with the key's rectangle outlined on it. The image comes from the API with the
 * session cookie (`<img src="/api/screenshots/:id">`), scaled to the width available; the
 * rectangle is placed in percentages so it follows the image at any size.
 */
export function ScreenshotFigure({
  screenshot,
  rect,
  keyName,
  className,
  children,
}: {
  screenshot: Screenshot;
  rect: ScreenshotRect | null;
  keyName: string;
  className?: string;
  /** Drawn over the image (the rectangle picker's drag). */
  children?: ReactNode;
}) {
  return (
    <div
      className={cn("relative w-full overflow-hidden rounded-md border border-border bg-surface", className)}
    >
      <img
        src={screenshot.url}
        alt={screenshotAlt(screenshot, keyName)}
        width={screenshot.width}
        height={screenshot.height}
        className="block h-auto w-full select-none"
        draggable={false}
        loading="lazy"
      />
      {rect ? (
        <span
          className="pointer-events-none absolute rounded-sm border-2 border-brand-600 bg-brand-500/10 shadow-[0_0_0_9999px_rgb(0_0_0/0.25)]"
          style={rectStyle(rect, screenshot)}
          data-testid="screenshot-rect"
          title={`${keyName}: ${describeRect(rect)}`}
        />
      ) : null}
      {children}
    </div>
  );
}
