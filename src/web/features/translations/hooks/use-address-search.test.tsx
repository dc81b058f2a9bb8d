import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useAddressSearch } from "./use-address-search.ts";

afterEach(cleanup);

function SearchBox() {
  const [search, setSearch] = useAddressSearch();
  return (
    <input aria-label="Search keys" value={search} onChange={(event) => setSearch(event.target.value)} />
  );
}

function setup(address: string) {
  const router = createMemoryRouter([{ path: "/app/overview", element: <SearchBox /> }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
  const box = () => screen.getByRole("textbox", { name: "Search keys" }) as HTMLInputElement;
  const query = () => new URLSearchParams(router.state.location.search);
  return { router, box, query, user: userEvent.setup() };
}

describe("the Overview's search in the address (issue 34)", () => {
  it("opens on the address's q", () => {
    const { box } = setup("/app/overview?q=checkout");
    expect(box().value).toBe("checkout");
  });

  it("writes q once typing pauses, replacing the entry, and keeps the filters", async () => {
    const { box, query, router, user } = setup("/app/overview?missing=1&lang=fr");
    await user.type(box(), "pay");
    expect(box().value).toBe("pay");
    // Not a router update per letter.
    expect(query().get("q")).toBeNull();
    await waitFor(() => expect(query().get("q")).toBe("pay"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(query().get("missing")).toBe("1");
    expect(query().get("lang")).toBe("fr");

    await user.clear(box());
    await waitFor(() => expect(query().has("q")).toBe(false));
    expect(query().get("missing")).toBe("1");
  });

  it("follows a q changed by other means (a link followed on the page)", async () => {
    const { box, router } = setup("/app/overview?q=old");
    await act(() => router.navigate("/app/overview?q=checkout.title"));
    expect(box().value).toBe("checkout.title");
  });
});
