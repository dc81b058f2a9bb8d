import { createContext, useContext } from "react";
import type { CheckId } from "../../../shared/quality/checks.ts";

const NONE: readonly CheckId[] = [];

const DisabledChecksContext = createContext<readonly CheckId[]>(NONE);

/**
 * The quality checks the project turned off (Project Settings → Quality checks), for every cell of
 * a page: the Overview and a review give their project's list once instead of through each row.
 */
export const DisabledChecksProvider = DisabledChecksContext.Provider;

export function useDisabledChecks(): readonly CheckId[] {
  return useContext(DisabledChecksContext);
}
