import type { ReactNode } from "react";
import { useDocumentTitle } from "../hooks/use-document-title.ts";
import { useSectionScroll } from "../hooks/use-section-scroll.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** The frame of the landing, legal and about pages; `title` names the browser tab. */
export function PublicLayout({ title, children }: { title?: string; children: ReactNode }) {
  useSectionScroll();
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-background">
      {/* A plain in-page link: the router sees the new hash and useSectionScroll focuses <main>. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 scroll-mt-32 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
