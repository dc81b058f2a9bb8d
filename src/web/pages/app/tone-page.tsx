import { useState } from "react";
import { Card } from "../../components/ui/card.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { useWorkspace } from "../../lib/workspace.tsx";

function ToneBlock({ title, description }: { title: string; description: string }) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <p className="rounded-md border border-dashed border-border-strong bg-surface px-3 py-4 text-sm text-subtle">
        Nothing written yet. Editing arrives soon.
      </p>
    </Card>
  );
}

/** /app/tone: the tone of voice, read-only placeholders for now. */
export function TonePage() {
  const { selectedTeam } = useWorkspace();
  const [search, setSearch] = useState("");
  return (
    <>
      <Toolbar title="Tone of voice">
        <SearchInput
          label="Search tone"
          placeholder="Search tone..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Toolbar>
      {selectedTeam ? null : (
        <p className="text-sm text-muted">Select a team to see the tone of voice its translations follow.</p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <ToneBlock title="Product Context" description="Provide information about your product or service." />
        <ToneBlock title="Brand Tone" description="Define how your brand should sound to customers." />
      </div>
    </>
  );
}
