import type { CellServices } from "../../components/cell-editor/cell-services.tsx";
import { CommentsButton } from "../../features/comments/components/comments-button.tsx";
import { useGlossaryEntries } from "../../features/glossary/api/project-glossary.ts";
import { ProjectGlossaryText } from "../../features/glossary/components/project-glossary-text.tsx";
import { TRANSLATION_CELL_SERVICES } from "../../features/translations/cell-services.ts";

/**
 * The cell services of the app's pages (the Overview and a review): the translations feature's
 * strings API with the slots of features it does not import (comments, glossary). One module-level object,
 * because its hooks must stay the same from render to render.
 */
export const APP_CELL_SERVICES: CellServices = {
  ...TRANSLATION_CELL_SERVICES,
  CommentsButton,
  GlossaryText: ProjectGlossaryText,
  // The team's glossary for the cell's checks: the same cached query the underlines read.
  useGlossaryEntries,
};
