import { Inbox, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Avatar } from "../components/ui/avatar.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card.tsx";
import { Checkbox } from "../components/ui/checkbox.tsx";
import { DangerZone } from "../components/ui/danger-zone.tsx";
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "../components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { FormField } from "../components/ui/form-field.tsx";
import { Input } from "../components/ui/input.tsx";
import { Label } from "../components/ui/label.tsx";
import { Logo } from "../components/ui/logo.tsx";
import { SearchInput } from "../components/ui/search-input.tsx";
import { SegmentedControl } from "../components/ui/segmented-control.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { StepIndicator } from "../components/ui/step-indicator.tsx";
import { Textarea } from "../components/ui/textarea.tsx";

const COLORS = [
  ["background", "bg-background"],
  ["surface", "bg-surface"],
  ["surface-muted", "bg-surface-muted"],
  ["border", "bg-border"],
  ["border-strong", "bg-border-strong"],
  ["subtle", "bg-subtle"],
  ["muted", "bg-muted"],
  ["foreground", "bg-foreground"],
  ["brand-50", "bg-brand-50"],
  ["brand-100", "bg-brand-100"],
  ["brand-200", "bg-brand-200"],
  ["brand-500", "bg-brand-500"],
  ["brand-600", "bg-brand-600"],
  ["brand-700", "bg-brand-700"],
  ["danger", "bg-danger"],
  ["danger-soft", "bg-danger-soft"],
  ["success", "bg-success"],
  ["success-soft", "bg-success-soft"],
  ["warning", "bg-warning"],
] as const;

const TYPE_SCALE = [
  ["text-4xl / semibold", "text-4xl font-semibold tracking-tight"],
  ["text-2xl / semibold", "text-2xl font-semibold tracking-tight"],
  ["text-xl / semibold", "text-xl font-semibold"],
  ["text-lg / semibold", "text-lg font-semibold"],
  ["text-base / medium", "text-base font-medium"],
  ["text-sm / regular (body)", "text-sm"],
  ["text-xs / muted", "text-xs text-muted"],
  ["font-mono", "font-mono text-sm"],
] as const;

const RADII = [
  ["radius-sm 4px", "rounded-sm"],
  ["radius-md 8px", "rounded-md"],
  ["radius-lg 12px", "rounded-lg"],
  ["radius-xl 16px", "rounded-xl"],
  ["full", "rounded-full"],
] as const;

const SHADOWS = [
  ["shadow-xs", "shadow-xs"],
  ["shadow-sm", "shadow-sm"],
  ["shadow-md", "shadow-md"],
  ["shadow-lg", "shadow-lg"],
] as const;

const VARIANTS = ["primary", "secondary", "outline", "ghost", "destructive", "link"] as const;
const SIZES = ["sm", "md", "lg"] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="border-b border-border pb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /style-guide: the design system, rendered with the real components. */
export function StyleGuidePage() {
  const [checked, setChecked] = useState(true);
  const [period, setPeriod] = useState<"month" | "year">("month");
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <Link
            to="/"
            aria-label="Sprog home"
            className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Logo />
          </Link>
          <span className="text-sm text-muted">Style guide</span>
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight">Design system</h1>

        <Section id="sg-colors" title="Colors">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {COLORS.map(([name, className]) => (
              <div key={name} className="flex flex-col gap-1.5">
                <span className={`h-14 rounded-md border border-border ${className}`} />
                <span className="font-mono text-xs text-muted">{name}</span>
              </div>
            ))}
          </div>
        </Section>

        <Section id="sg-typography" title="Typography">
          <p className="text-sm text-muted">Inter Variable, with the system sans-serif as fallback.</p>
          <div className="flex flex-col gap-3">
            {TYPE_SCALE.map(([name, className]) => (
              <div key={name} className="flex flex-wrap items-baseline gap-4">
                <span className="w-48 shrink-0 font-mono text-xs text-muted">{name}</span>
                <span className={className}>Write Better, Translate Faster</span>
              </div>
            ))}
          </div>
        </Section>

        <Section id="sg-radii" title="Radii">
          <div className="flex flex-wrap gap-6">
            {RADII.map(([name, className]) => (
              <div key={name} className="flex flex-col items-center gap-2">
                <span className={`size-16 border border-brand-200 bg-brand-50 ${className}`} />
                <span className="font-mono text-xs text-muted">{name}</span>
              </div>
            ))}
          </div>
        </Section>

        <Section id="sg-buttons" title="Buttons">
          <div className="flex flex-col gap-4">
            {VARIANTS.map((variant) => (
              <div key={variant} className="flex flex-wrap items-center gap-3">
                <span className="w-24 font-mono text-xs text-muted">{variant}</span>
                {SIZES.map((size) => (
                  <Button key={size} variant={variant} size={size}>
                    {`Button ${size}`}
                  </Button>
                ))}
                <Button variant={variant} size="icon" aria-label={`Add (${variant})`}>
                  <Plus />
                </Button>
                <Button variant={variant} disabled>
                  Disabled
                </Button>
                <Button variant={variant} loading>
                  Loading
                </Button>
              </div>
            ))}
          </div>
        </Section>

        <Section id="sg-inputs" title="Inputs">
          <div className="grid gap-6 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="sg-plain">Plain input</Label>
              <Input id="sg-plain" placeholder="Type something" />
            </div>
            <FormField label="With label and hint" hint="We never share your e-mail.">
              <Input type="email" placeholder="you@company.com" />
            </FormField>
            <FormField label="With error" error="Email is invalid">
              <Input defaultValue="not-an-email" />
            </FormField>
            <FormField label="Disabled">
              <Input disabled defaultValue="Read only value" />
            </FormField>
            <FormField label="Optional field" optional>
              <Input placeholder="Optional" />
            </FormField>
            <div className="flex flex-col gap-1.5">
              <span className="text-sm font-medium">Search</span>
              <SearchInput label="Search example" placeholder="Search keys..." />
            </div>
            <FormField label="Textarea" className="sm:col-span-2">
              <Textarea placeholder="Describe your product..." />
            </FormField>
          </div>
        </Section>

        <Section id="sg-checkboxes" title="Checkboxes">
          <div className="flex flex-wrap items-center gap-6">
            <div className="flex items-center gap-2">
              <Checkbox
                id="sg-check-1"
                checked={checked}
                onCheckedChange={(value) => setChecked(value === true)}
              />
              <Label htmlFor="sg-check-1">Checked</Label>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="sg-check-2" />
              <Label htmlFor="sg-check-2">Unchecked</Label>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="sg-check-3" checked="indeterminate" />
              <Label htmlFor="sg-check-3">Indeterminate</Label>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="sg-check-4" disabled />
              <Label htmlFor="sg-check-4">Disabled</Label>
            </div>
          </div>
        </Section>

        <Section id="sg-dialog" title="Dialog">
          <div className="flex flex-wrap gap-3">
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="outline">Open dialog</Button>
              </DialogTrigger>
              <DialogContent title="Example dialog" description="Dialogs trap focus and close with Escape.">
                <FormField label="Name">
                  <Input placeholder="Untitled Section" />
                </FormField>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Cancel</Button>
                  </DialogClose>
                  <DialogClose asChild>
                    <Button>Save</Button>
                  </DialogClose>
                </DialogFooter>
              </DialogContent>
            </Dialog>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">Open menu</Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuItem>First item</DropdownMenuItem>
                <DropdownMenuItem>Second item</DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem disabled>Disabled item</DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
            <Button variant="outline" onClick={() => toast.success("Saved")}>
              Show toast
            </Button>
          </div>
        </Section>

        <Section id="sg-shadows" title="Shadows">
          <div className="flex flex-wrap gap-6">
            {SHADOWS.map(([name, className]) => (
              <div key={name} className={`flex size-28 items-end rounded-md bg-background p-3 ${className}`}>
                <span className="font-mono text-xs text-muted">{name}</span>
              </div>
            ))}
          </div>
        </Section>

        <Section id="sg-misc" title="Feedback and layout">
          <div className="grid gap-6 sm:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Card</CardTitle>
                <CardDescription>Cards group related content.</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap items-center gap-4">
                <Avatar name="Ada Lovelace" />
                <Avatar name="grace@example.com" size="sm" />
                <Spinner label="Loading" />
                <SegmentedControl
                  label="Billing period"
                  value={period}
                  onChange={setPeriod}
                  options={[
                    { value: "month", label: "Monthly" },
                    { value: "year", label: "Yearly" },
                  ]}
                />
              </CardContent>
            </Card>
            <Card className="flex items-center justify-center p-6">
              <StepIndicator step={2} total={4} />
            </Card>
            <EmptyState
              className="sm:col-span-2"
              icon={Inbox}
              title="No translation reviews"
              description="Empty states explain what belongs here and how to add it."
              action={<Button size="sm">Primary action</Button>}
            />
            <div className="sm:col-span-2">
              <DangerZone
                action="Delete example"
                description="A destructive action sits last in its settings, and asks for confirmation."
                onAction={() => toast("Deleting asks first")}
              />
            </div>
          </div>
        </Section>
      </main>
    </div>
  );
}
