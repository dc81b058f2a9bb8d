import { createContext, useContext } from "react";
import type { CellEditing } from "./use-cell-editing.ts";

export const EditingContext = createContext<CellEditing | null>(null);

export function useEditing(): CellEditing {
  const value = useContext(EditingContext);
  if (!value) throw new Error("useEditing must be used inside EditingContext");
  return value;
}
