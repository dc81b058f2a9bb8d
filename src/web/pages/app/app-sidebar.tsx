import {
  BookA,
  ClipboardCheck,
  Folder,
  GitBranch,
  History,
  KeyRound,
  type LucideIcon,
  Menu,
  MessageSquareQuote,
  PanelLeftClose,
  PanelLeftOpen,
  Plus,
  Rocket,
  Users,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import { NavLink, useNavigate } from "react-router";
import { can, type Permission, permissionFlags } from "../../../shared/permissions.ts";
import { Button } from "../../components/ui/button.tsx";
import { Sheet, SheetContent } from "../../components/ui/sheet.tsx";
import { useProjects } from "../../features/projects/api/list-projects.ts";
import { cn } from "../../lib/cn.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "../../lib/storage-keys.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { useWorkspace } from "../../lib/workspace.tsx";

/** The views; one with a `permission` is listed only to the roles that have it. */
export const SIDEBAR_TABS: { to: string; label: string; icon: LucideIcon; permission?: Permission }[] = [
  { to: "/app/overview", label: "Overview", icon: KeyRound },
  { to: "/app/reviews", label: "Reviews", icon: ClipboardCheck },
  { to: "/app/releases", label: "Releases", icon: Rocket, permission: "releases.view" },
  { to: "/app/branches", label: "Branches", icon: GitBranch, permission: "branches.view" },
  { to: "/app/team", label: "Team", icon: Users },
  { to: "/app/tone", label: "Tone", icon: MessageSquareQuote },
  { to: "/app/glossary", label: "Glossary", icon: BookA },
  { to: "/app/activity", label: "Activity", icon: History },
];

const itemClass = (active: boolean) =>
  cn(
    "flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm font-medium transition-colors",
    "focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0",
    active ? "bg-surface-muted text-foreground" : "text-muted hover:bg-surface-muted hover:text-foreground",
  );

export interface SidebarNavProps {
  /** A rail of icons (the tabs only), the sidebar collapsed. */
  collapsed?: boolean;
  /** After a project or tab was chosen (the drawer closes). */
  onNavigate?: () => void;
  /** Opens Create Project; absent for those who may not create projects. */
  onNewProject?: (() => void) | undefined;
}

/**
 * The sidebar's content (spec point 2): the current team's projects, then the tabs. Choosing a
 * project selects it and opens its Overview; the current project and tab carry aria-current.
 */
export function SidebarNav({ collapsed = false, onNavigate, onNewProject }: SidebarNavProps) {
  const { selectedTeam, selectedProjectId, selectProject } = useWorkspace();
  const projects = useProjects(selectedTeam?.id ?? null).data;
  const navigate = useNavigate();
  const projectsHeading = useId();
  const tabsHeading = useId();

  return (
    <nav aria-label="Sidebar" className="flex min-w-0 flex-col gap-4">
      {collapsed ? null : (
        <div className="flex flex-col gap-1">
          <h2 id={projectsHeading} className="px-2 text-xs font-medium text-muted">
            Projects{selectedTeam ? ` in ${selectedTeam.name}` : ""}
          </h2>
          <ul aria-labelledby={projectsHeading} className="flex flex-col gap-0.5">
            {(projects ?? []).map((project) => {
              const current = project.id === selectedProjectId;
              return (
                <li key={project.id}>
                  <button
                    type="button"
                    aria-current={current ? "true" : undefined}
                    className={itemClass(current)}
                    onClick={() => {
                      selectProject(project.id);
                      navigate("/app/overview");
                      onNavigate?.();
                    }}
                  >
                    <Folder aria-hidden="true" />
                    <span className="min-w-0 break-words">{project.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {projects && projects.length === 0 ? (
            <p className="px-2 text-xs text-muted">No projects yet</p>
          ) : null}
          {onNewProject ? (
            <button type="button" className={itemClass(false)} onClick={onNewProject}>
              <Plus aria-hidden="true" />
              New project
            </button>
          ) : null}
        </div>
      )}
      <div className="flex flex-col gap-1">
        {collapsed ? null : (
          <h2 id={tabsHeading} className="px-2 text-xs font-medium text-muted">
            Views
          </h2>
        )}
        <ul aria-labelledby={collapsed ? undefined : tabsHeading} className="flex flex-col gap-0.5">
          {SIDEBAR_TABS.filter(
            ({ permission }) => permission === undefined || can(selectedTeam?.role ?? "none", permission),
          ).map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                aria-label={collapsed ? label : undefined}
                title={collapsed ? label : undefined}
                onClick={onNavigate}
                className={({ isActive }) => cn(itemClass(isActive), collapsed && "justify-center px-0")}
              >
                <Icon aria-hidden="true" />
                {collapsed ? null : label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** Whether the sidebar is collapsed, remembered per user in localStorage. */
function useCollapsed(userId: string): [boolean, (collapsed: boolean) => void] {
  const key = STORAGE_KEYS.sidebarCollapsed(userId);
  const [collapsed, setCollapsed] = useState(() => readStorage(key) === "true");
  return [
    collapsed,
    (next) => {
      setCollapsed(next);
      writeStorage(key, next ? "true" : null);
    },
  ];
}

/** The sidebar next to the content from 768 px up (below, the same content is the top bar's drawer). */
export function AppSidebar({
  className,
  onNewProject,
}: {
  className?: string;
  onNewProject?: (() => void) | undefined;
}) {
  const { me, selectedTeam } = useWorkspace();
  const [collapsed, setCollapsed] = useCollapsed(me.user.id);
  const contentId = useId();
  const canManageProjects = permissionFlags(selectedTeam?.role ?? "none").canManageProjects;
  return (
    <aside
      className={cn(
        "sticky top-16 flex max-h-[calc(100vh-4rem)] shrink-0 flex-col gap-2 self-start overflow-y-auto py-6 pl-4 sm:pl-6",
        collapsed ? "w-16" : "w-56",
        className,
      )}
    >
      <Button
        variant="ghost"
        size="icon"
        className={cn("size-8 text-muted", collapsed ? "self-center" : "self-end")}
        aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
        title={collapsed ? "Expand sidebar" : "Collapse sidebar"}
        aria-expanded={!collapsed}
        aria-controls={contentId}
        onClick={() => setCollapsed(!collapsed)}
      >
        {collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
      </Button>
      <div id={contentId}>
        <SidebarNav collapsed={collapsed} onNewProject={canManageProjects ? onNewProject : undefined} />
      </div>
    </aside>
  );
}

/**
 * Below 768 px: the menu button of the top bar and the sidebar as a drawer from the left. Choosing a
 * project or tab closes it; so do Escape and a press outside, and the focus returns to the button.
 */
export function SidebarDrawer({
  className,
  onNewProject,
}: {
  className?: string;
  onNewProject?: (() => void) | undefined;
}) {
  const { selectedTeam } = useWorkspace();
  const [open, setOpen] = useState(false);
  // Widened past 768 px the sidebar is back beside the content: the drawer is not left open over it.
  const wide = useMediaQuery("(min-width: 768px)");
  useEffect(() => {
    if (wide) setOpen(false);
  }, [wide]);
  const canManageProjects = permissionFlags(selectedTeam?.role ?? "none").canManageProjects;
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        size="icon"
        className={className}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" />
      </Button>
      <SheetContent title="Menu">
        <SidebarNav
          onNavigate={() => setOpen(false)}
          onNewProject={
            canManageProjects && onNewProject
              ? () => {
                  setOpen(false);
                  onNewProject();
                }
              : undefined
          }
        />
      </SheetContent>
    </Sheet>
  );
}
