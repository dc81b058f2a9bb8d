import { useGlossaryEntries } from "../api/project-glossary.ts";
import { GlossaryText } from "./glossary-text.tsx";

/**
 * The cell editor's glossary slot (CellServices.GlossaryText): a project's source text with the
 * terms of its team's glossary underlined. The entries are one cached query per project.
 */
export function ProjectGlossaryText({
  text,
  language,
  projectId,
}: {
  text: string;
  language: string;
  projectId: string;
}) {
  const entries = useGlossaryEntries(projectId);
  return <GlossaryText text={text} language={language} entries={entries} />;
}
