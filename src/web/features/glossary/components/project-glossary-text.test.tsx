import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { createQueryClient } from "../../../lib/query-client.ts";
import { mockApi, refusal } from "../../../test/mock-api.ts";
import { useCreateGlossaryTerm } from "../api/create-glossary-term.ts";
import { ProjectGlossaryText } from "./project-glossary-text.tsx";

const entry = (term: string) => ({
  id: term,
  term,
  description: "",
  caseSensitive: false,
  forbidden: false,
  doNotTranslate: false,
  translations: { de: "Anmelden" },
});

afterEach(() => {
  cleanup();
});

describe("the project's glossary in the editor", () => {
  it("underlines the team's terms, and refetches them after a glossary change", async () => {
    const served = [[entry("Sign in")], [entry("Sign in"), entry("Cart")]];
    let asked = 0;
    const notFound = () => refusal(404, "not_found", "No such API endpoint");
    mockApi({
      glossary: {
        projectEntries: ({ params }) => {
          if (params.projectId !== "p1") throw notFound();
          return { entries: served[Math.min(asked++, 1)] ?? [] };
        },
        create: ({ params }) => {
          if (params.teamId !== "t1") throw notFound();
          return {
            ...entry("Cart"),
            teamId: "t1",
            partOfSpeech: null,
            createdAt: "2026-01-01T00:00:00.000Z",
            updatedAt: "2026-01-01T00:00:00.000Z",
          };
        },
      },
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { container } = render(
      <ProjectGlossaryText text="Sign in to see your cart" language="en" projectId="p1" />,
      {
        wrapper,
      },
    );
    await screen.findByText("Sign in");
    expect([...container.querySelectorAll("[data-glossary-term]")].map((term) => term.textContent)).toEqual([
      "Sign in",
    ]);

    const { result } = renderHook(() => useCreateGlossaryTerm("t1"), { wrapper });
    await act(() => result.current.mutateAsync({ term: "Cart" }));
    await waitFor(() =>
      expect([...container.querySelectorAll("[data-glossary-term]")].map((term) => term.textContent)).toEqual(
        ["Sign in", "cart"],
      ),
    );
  });
});
