import { type ComponentType, createContext, useContext } from "react";

/**
 * What a page adds to the keys table from other features (features never import each other,
 * DESIGN.md §3): the Overview puts the reviews feature's Add to Review action in the selection
 * bar and its approval badge under each cell.
 */
export interface TranslationExtensions {
  /** Next to Deselect while keys are selected; `onDone` clears the selection. */
  SelectionAction?: ComponentType<{ projectId: string; keyIds: string[]; onDone: () => void }>;
  /** Under a cell's value. */
  CellNote?: ComponentType<{
    projectId: string;
    keyId: string;
    language: string;
    version: number | undefined;
  }>;
  /** Beside a key's name (the screenshots feature's camera); `showActions`: the row is active. */
  KeyNote?: ComponentType<{ projectId: string; keyId: string; keyName: string; showActions: boolean }>;
}

const ExtensionsContext = createContext<TranslationExtensions>({});

export const TranslationExtensionsProvider = ExtensionsContext.Provider;

export function useTranslationExtensions(): TranslationExtensions {
  return useContext(ExtensionsContext);
}
