import { useEffect } from "react";

const APP_TITLE = "Sprog";

/** Names the browser tab after the page ("Cookie policy · Sprog"), and gives it back on leaving. */
export function useDocumentTitle(page: string | undefined) {
  useEffect(() => {
    document.title = page ? `${page} · ${APP_TITLE}` : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [page]);
}
