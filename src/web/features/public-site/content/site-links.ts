import { FEATURE_SECTIONS } from "./sections.ts";

export interface SectionAnchor {
  id: string;
  label: string;
}

/** The landing nav of spec point 2: Write, Translate, Build, Collaborate, Pricing, FAQ. */
export const NAV_ANCHORS: SectionAnchor[] = [
  ...FEATURE_SECTIONS.map(({ id, navLabel }) => ({ id, label: navLabel })),
  { id: "pricing", label: "Pricing" },
  { id: "faq", label: "FAQ" },
];

export interface FooterLink {
  label: string;
  to: string;
  /** Served by the server, not by the single-page app: a full page load. */
  external?: boolean;
}

export interface FooterGroup {
  title: string;
  links: FooterLink[];
}

/**
 * Footer links. /features and /pricing have no page of their own (spec point 2): the router sends
 * them to the matching landing section.
 */
export const FOOTER_GROUPS: FooterGroup[] = [
  {
    title: "Product",
    links: [
      { label: "Features", to: "/features" },
      { label: "Pricing", to: "/pricing" },
      { label: "FAQ", to: "/#faq" },
      { label: "Sign Up", to: "/signup" },
      { label: "Log In", to: "/login" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Documentation", to: "/docs" },
      { label: "API, CLI and webhooks", to: "/docs/api" },
      { label: "API reference", to: "/api/docs", external: true },
      { label: "Design system", to: "/style-guide" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Terms and conditions", to: "/terms-conditions" },
      { label: "Cookie policy", to: "/cookie-policy" },
    ],
  },
];
