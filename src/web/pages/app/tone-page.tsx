import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { permissionFlags } from "../../../shared/permissions.ts";
import { Button } from "../../components/ui/button.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Toolbar } from "../../components/ui/toolbar.tsx";
import { useCreateToneSection } from "../../features/tone/api/create-tone-section.ts";
import { useToneSettings } from "../../features/tone/api/get-tone-settings.ts";
import { useToneSections } from "../../features/tone/api/list-tone-sections.ts";
import { useUpdateToneSettings } from "../../features/tone/api/update-tone-settings.ts";
import { ToneErrorBanner } from "../../features/tone/components/tone-error-banner.tsx";
import { ToneSectionCard } from "../../features/tone/components/tone-section-card.tsx";
import { ToneTextBlock } from "../../features/tone/components/tone-text-block.tsx";
import { filterSections } from "../../features/tone/search.ts";
import { loadErrorText, reason, saveErrorText } from "../../features/tone/tone-errors.ts";
import { isApiError } from "../../lib/api-client.ts";
import { useWorkspace } from "../../lib/workspace.tsx";

function ToneOfTeam({ teamId, canEdit, search }: { teamId: string; canEdit: boolean; search: string }) {
  const settings = useToneSettings(teamId);
  const sections = useToneSections(teamId);
  const saveSettings = useUpdateToneSettings(teamId);
  const createSection = useCreateToneSection(teamId);
  const [savingBlock, setSavingBlock] = useState<"productContext" | "brandTone" | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const visible = useMemo(() => filterSections(sections.data ?? [], search), [sections.data, search]);

  function save(block: "productContext" | "brandTone", value: string | null) {
    setSavingBlock(block);
    saveSettings.mutate(block === "productContext" ? { productContext: value } : { brandTone: value }, {
      onSettled: () => setSavingBlock(null),
      onSuccess: () => {
        setSaveError(null);
        toast.success(block === "productContext" ? "Product context saved" : "Brand tone saved");
      },
      onError: (error) => {
        setSaveError(saveErrorText(error));
        toast.error(
          `${block === "productContext" ? "Failed to save product context" : "Failed to save brand tone"}: ${reason(error)}`,
        );
      },
    });
  }

  function addSection() {
    createSection.mutate(
      {},
      {
        onError: (error) => {
          if (isApiError(error) && error.code === "invalid_response") {
            // The server made it but its answer was unreadable: the list shows it once refetched.
            toast.error("Failed to retrieve the new section after creation.");
            void sections.refetch();
          } else toast.error(`Failed to add section: ${reason(error)}`);
        },
      },
    );
  }

  return (
    <>
      <ToneErrorBanner message={loadErrorText(settings.error, sections.error) ?? saveError} />
      <div className="grid gap-4 lg:grid-cols-2">
        <ToneTextBlock
          title="Product Context"
          description="Provide information about your product or service."
          placeholder="Describe your product or service..."
          value={settings.data?.productContext ?? null}
          canEdit={canEdit}
          loaded={settings.isSuccess}
          saving={savingBlock === "productContext"}
          onSave={(value) => save("productContext", value)}
        />
        <ToneTextBlock
          title="Brand Tone"
          description="Define how your brand should sound to customers."
          placeholder="Describe your brand tone and voice..."
          value={settings.data?.brandTone ?? null}
          canEdit={canEdit}
          loaded={settings.isSuccess}
          saving={savingBlock === "brandTone"}
          onSave={(value) => save("brandTone", value)}
        />
      </div>

      <section className="flex flex-col gap-3" aria-label="Custom sections">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-base font-semibold">Custom sections</h2>
          {canEdit ? (
            <Button size="sm" onClick={addSection} loading={createSection.isPending}>
              <Plus />
              Add Section
            </Button>
          ) : null}
        </div>
        {sections.isPending ? (
          <Spinner />
        ) : sections.isError ? null : visible.length === 0 ? (
          <p className="text-sm text-muted">
            {search.trim() !== ""
              ? "No sections or rules match your search."
              : canEdit
                ? "No custom sections yet. Add one to give the AI more specific rules."
                : "No custom sections yet."}
          </p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {visible.map(({ section, ruleIndexes }) => (
              <ToneSectionCard
                key={section.id}
                section={section}
                ruleIndexes={ruleIndexes}
                canEdit={canEdit}
              />
            ))}
          </div>
        )}
      </section>
    </>
  );
}

/** /app/tone: the team's tone of voice. Owners and admins edit it; reviewers read it. */
export function TonePage() {
  const { selectedTeam } = useWorkspace();
  const flags = permissionFlags(selectedTeam?.role ?? "none");
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
      {selectedTeam ? (
        <ToneOfTeam
          key={selectedTeam.id}
          teamId={selectedTeam.id}
          canEdit={flags.canEditTone}
          search={search}
        />
      ) : (
        <p className="text-sm text-muted">Select a team to see the tone of voice its translations follow.</p>
      )}
    </>
  );
}
