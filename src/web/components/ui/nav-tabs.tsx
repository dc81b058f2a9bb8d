import { NavLink } from "react-router";
import { cn } from "../../lib/cn.ts";

export interface NavTab {
  to: string;
  label: string;
}

/** Tabs that are links: the active route is marked with aria-current="page" and an underline. */
export function NavTabs({ tabs, label, className }: { tabs: NavTab[]; label: string; className?: string }) {
  return (
    <nav aria-label={label} className={cn("flex items-center gap-1 overflow-x-auto", className)}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            cn(
              "relative rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
              "focus-visible:outline-2 focus-visible:outline-ring",
              isActive
                ? "bg-surface-muted text-foreground"
                : "text-muted hover:bg-surface-muted hover:text-foreground",
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
