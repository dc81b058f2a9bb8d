import { Link } from "react-router";
import { Logo } from "../../../components/ui/logo.tsx";
import { FOOTER_GROUPS, type FooterLink } from "../content/site-links.ts";

const linkClass =
  "rounded-sm text-sm text-muted transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";

function FooterItem({ link }: { link: FooterLink }) {
  if (link.external) {
    return (
      <a href={link.to} className={linkClass}>
        {link.label}
      </a>
    );
  }
  return (
    <Link to={link.to} className={linkClass}>
      {link.label}
    </Link>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted">
            Localization for software teams, from a Danish company. Your data stays yours and is never used to
            train AI models.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {FOOTER_GROUPS.map((group) => (
            <div key={group.title}>
              <h2 className="mb-3 text-xs font-semibold tracking-wide text-foreground uppercase">
                {group.title}
              </h2>
              <ul className="flex flex-col gap-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <FooterItem link={link} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted sm:px-6">
          © {new Date().getFullYear()} Sprog. Made in Denmark.
        </p>
      </div>
    </footer>
  );
}
