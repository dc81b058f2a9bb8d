/**
 * Types for the `xliff` npm package (a dev dependency without its own): the ecosystem's parser the
 * round-trip tests read Sprog's XLIFF output with. Only what the tests use.
 */
declare module "xliff" {
  /** A unit as the package reads it: inline elements as objects unless `inlineAsString`. */
  export interface XliffJsUnit {
    source?: unknown;
    target?: unknown;
    note?: unknown;
    additionalAttributes?: Record<string, string | number>;
    additionalElements?: unknown[];
    groupUnits?: Record<string, XliffJsUnit>;
  }
  export interface XliffJs {
    sourceLanguage?: string;
    targetLanguage?: string;
    resources: Record<string, Record<string, XliffJsUnit>>;
  }
  export interface XliffReadOptions {
    inlineAsString?: boolean;
    namespace?: string;
  }
  export function xliff12ToJs(xml: string, options?: XliffReadOptions): Promise<XliffJs>;
  export function xliff2js(xml: string, options?: XliffReadOptions): Promise<XliffJs>;
}
