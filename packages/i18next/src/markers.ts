/**
 * Invisible markers: while in-context editing runs, each text i18next gives the page ends with its
 * key's number written in zero-width characters (as Tolgee's "invisible" mode does), so the page's
 * DOM tells which key a text came from; the in-context code reads the markers and strips them.
 *
 * A marker is the number in base 256, each byte as 8 bits and then a flag (1: another byte
 * follows), ZERO WIDTH NON-JOINER for 0 and ZERO WIDTH JOINER for 1. The flag lets two markers
 * stand side by side (an empty text), and nine or more such characters in a row do not occur in
 * real text (a ZWJ emoji sequence or a Persian ZWNJ is a single one).
 */

const ZERO = "\u200C";
const ONE = "\u200D";
const GROUP = 9;
const RUN = /[\u200C\u200D]{9,}/g;

/** The key a marker stands for, as i18next resolved it. */
export interface MarkedKey {
  key: string;
  namespace: string;
}

export function encodeMarker(id: number): string {
  const bytes: number[] = [];
  let rest = Math.max(0, Math.floor(id));
  do {
    bytes.unshift(rest % 256);
    rest = Math.floor(rest / 256);
  } while (rest > 0);
  let marker = "";
  bytes.forEach((byte, index) => {
    const bits = `${byte.toString(2).padStart(8, "0")}${index < bytes.length - 1 ? 1 : 0}`;
    for (const bit of bits) marker += bit === "1" ? ONE : ZERO;
  });
  return marker;
}

export function hasMarker(text: string): boolean {
  RUN.lastIndex = 0;
  return RUN.test(text);
}

/** The text without its markers, and the numbers they held, in order. */
export function readMarkers(text: string): { text: string; ids: number[] } {
  const ids: number[] = [];
  const clean = text.replace(RUN, (run) => {
    // Markers are appended: a stray character before them is the text's own.
    const own = run.length % GROUP;
    let value = 0;
    for (let start = own; start < run.length; start += GROUP) {
      // Eight more bits: value * 256 + this byte.
      for (let bit = 0; bit < 8; bit++) value = value * 2 + (run[start + bit] === ONE ? 1 : 0);
      if (run[start + 8] !== ONE) {
        ids.push(value);
        value = 0;
      }
    }
    return run.slice(0, own);
  });
  return { text: clean, ids };
}

/** Numbers for keys: markers carry a small number rather than the whole name. */
export function createKeyRegistry() {
  const keys: MarkedKey[] = [];
  const ids = new Map<string, number>();
  return {
    id(namespace: string, key: string): number {
      const name = `${namespace}\u0000${key}`;
      let id = ids.get(name);
      if (id === undefined) {
        id = keys.push({ key, namespace }) - 1;
        ids.set(name, id);
      }
      return id;
    },
    key: (id: number): MarkedKey | undefined => keys[id],
  };
}

export type KeyRegistry = ReturnType<typeof createKeyRegistry>;
