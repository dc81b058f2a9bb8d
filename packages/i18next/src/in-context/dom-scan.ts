import { hasMarker, type MarkedKey, readMarkers } from "../markers.ts";

/** Attributes whose texts people see (or hear) and may want to edit. */
const ATTRIBUTES = ["placeholder", "title", "aria-label", "alt"];

/** Where an element's keys were found: one of its text nodes, or an attribute's name. */
type Source = Text | string;

/**
 * Finds the markers i18next's texts carry into the page, strips them (a MutationObserver's
 * callback runs before the browser paints, so the page never shows them) and remembers which
 * element shows which keys.
 */
export function watchMarkers(root: HTMLElement, lookup: (id: number) => MarkedKey | undefined) {
  const found = new Map<Element, Map<Source, MarkedKey[]>>();

  function remember(element: Element, source: Source, ids: number[]): void {
    const keys = ids.map(lookup).filter((key): key is MarkedKey => key !== undefined);
    if (keys.length === 0) return;
    const sources = found.get(element) ?? new Map<Source, MarkedKey[]>();
    sources.set(source, keys);
    found.set(element, sources);
  }

  function scanText(node: Text): void {
    if (!hasMarker(node.data)) return;
    const { text, ids } = readMarkers(node.data);
    node.data = text;
    if (node.parentElement) remember(node.parentElement, node, ids);
  }

  function scanAttribute(element: Element, name: string): void {
    const value = element.getAttribute(name);
    if (value === null || !hasMarker(value)) return;
    const { text, ids } = readMarkers(value);
    element.setAttribute(name, text);
    remember(element, name, ids);
  }

  function scan(node: Node): void {
    if (node instanceof Text) {
      scanText(node);
      return;
    }
    if (!(node instanceof Element)) return;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let current: Node | null = node; current; current = walker.nextNode()) {
      if (current instanceof Text) scanText(current);
      else if (current instanceof Element) for (const name of ATTRIBUTES) scanAttribute(current, name);
    }
  }

  function handle(records: MutationRecord[]): void {
    for (const record of records) {
      if (record.type === "childList") record.addedNodes.forEach(scan);
      else if (record.type === "characterData") scan(record.target);
      else if (record.attributeName && record.target instanceof Element) {
        scanAttribute(record.target, record.attributeName);
      }
    }
  }

  const observer = new MutationObserver(handle);
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ATTRIBUTES,
  });
  scan(root);

  /** The keys an element shows now (a text node React replaced no longer counts). */
  function keysOf(element: Element): MarkedKey[] {
    const keys: MarkedKey[] = [];
    for (const [source, marked] of found.get(element) ?? []) {
      if (typeof source === "string" || source.parentNode === element) keys.push(...marked);
    }
    return keys.filter(
      (key, index) =>
        keys.findIndex((other) => other.key === key.key && other.namespace === key.namespace) === index,
    );
  }

  return {
    keysOf,
    /** The elements in the page that show keys; those removed from it are forgotten. */
    elements(): Element[] {
      for (const element of found.keys()) if (!element.isConnected) found.delete(element);
      return [...found.keys()].filter((element) => keysOf(element).length > 0);
    },
    /** The nearest element at or above a node that shows keys. */
    closest(node: Node | null): Element | undefined {
      for (let current = node instanceof Element ? node : (node?.parentElement ?? null); current; ) {
        if (keysOf(current).length > 0) return current;
        current = current.parentElement;
      }
      return undefined;
    },
    /** Applies the DOM changes seen so far now, rather than at the next microtask. */
    flush(): void {
      handle(observer.takeRecords());
    },
    stop(): void {
      observer.disconnect();
      found.clear();
    },
  };
}

export type MarkerScanner = ReturnType<typeof watchMarkers>;
