import { Ellipsis, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";
import { NARROW_QUERY, useMediaQuery } from "../../lib/use-media-query.ts";
import { Button } from "./button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "./dropdown-menu.tsx";

/** A button of the toolbar; below 640 px, an item of its '⋯ More' menu. */
export interface ToolbarAction {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  /** The bar's main action: a filled button. */
  primary?: boolean;
  /** Only the icon shows in the bar; the label is its name and tooltip (and the menu item's text). */
  iconOnly?: boolean;
  /** Why it is disabled ("Switch to main to import"): its tooltip and part of its description. */
  hint?: string;
}

export interface ToolbarProps {
  title: string;
  /** Beside the title (the Overview's branch picker). */
  beside?: ReactNode;
  /** The search field: on phones it gets a row of its own. */
  search?: ReactNode;
  /** Buttons that fold into the '⋯ More' menu on phones (issue 19). */
  actions?: readonly ToolbarAction[];
  /** Anything else, shown after the actions at every width. */
  children?: ReactNode;
  className?: string;
}

/**
 * The row above a tab's content: title on the left, search and actions on the right. Below 640 px
 * the title and a '⋯ More' menu holding the actions share the first row and the search takes the
 * whole second one, instead of the buttons wrapping into a ragged stack.
 */
export function Toolbar({ title, beside, search, actions = [], children, className }: ToolbarProps) {
  const narrow = useMediaQuery(NARROW_QUERY);

  if (narrow) {
    return (
      <div className={cn("flex flex-col gap-2", className)}>
        <div className="flex items-center gap-2">
          <h1 className="min-w-0 flex-1 text-lg font-semibold tracking-tight break-words">{title}</h1>
          {beside}
          {actions.length > 0 ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" aria-label="More" title="More actions">
                  <Ellipsis aria-hidden="true" />
                  More
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                {actions.map(({ label, icon: Icon, onClick, disabled, hint }) => (
                  <DropdownMenuItem key={label} disabled={disabled} onSelect={onClick} title={hint}>
                    <Icon aria-hidden="true" />
                    {label}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </div>
        {search || children ? (
          <div className="flex flex-wrap items-center gap-2">
            {search ? <div className="min-w-0 flex-1 *:max-w-none">{search}</div> : null}
            {children}
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <div className="flex min-w-0 items-center gap-2">
        <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
        {beside}
      </div>
      <div className="flex flex-1 flex-wrap items-center justify-end gap-2">
        {search}
        {actions.map(({ label, icon: Icon, onClick, disabled, primary, iconOnly, hint }) => (
          <Button
            key={label}
            variant={primary ? "primary" : "outline"}
            size={iconOnly ? "icon" : "md"}
            disabled={disabled}
            onClick={onClick}
            {...(iconOnly ? { "aria-label": label, title: label } : {})}
            {...(hint ? { title: hint, "aria-description": hint } : {})}
          >
            <Icon aria-hidden="true" />
            {iconOnly ? null : label}
          </Button>
        ))}
        {children}
      </div>
    </div>
  );
}
