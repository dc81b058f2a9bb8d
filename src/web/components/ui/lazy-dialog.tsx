import { type ComponentType, createElement, lazy, Suspense, useState } from "react";

/**
 * A dialog whose code loads when it first opens, not with the screen that offers it: the Overview's
 * import, export and settings dialogs carry the file formats and their parsers, which the first
 * rows should not wait for on a slow line. Once opened it stays mounted, so it closes (and returns
 * focus) as any dialog does.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return <Suspense fallback={null}>{createElement(Dialog as ComponentType<P>, props)}</Suspense>;
  }
  return LazyDialog;
}
