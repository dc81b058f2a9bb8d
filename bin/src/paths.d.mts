/** Types of paths.mjs, for its tests. */
export declare function androidLang(code: string): string;
export declare function fromAndroidLang(qualifier: string): string;
export declare function pathFor(
  pattern: string,
  language: string,
  isSource: boolean,
  namespace?: string,
): string;
export declare function filesOnDisk(
  root: string,
  pattern: string,
  sourceLanguage?: string,
): { language: string; file: string; namespace?: string }[];
export declare function languagesOnDisk(root: string, pattern: string): { language: string; file: string }[];
export declare function zipEntryLanguage(name: string): string;
