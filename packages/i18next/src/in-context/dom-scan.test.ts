import { afterEach, describe, expect, it } from "vitest";
import { createKeyRegistry, encodeMarker } from "../markers.ts";
import { watchMarkers } from "./dom-scan.ts";

const keys = createKeyRegistry();
const marked = (text: string, key: string, namespace = "translation") =>
  `${text}${encodeMarker(keys.id(namespace, key))}`;

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.replaceChildren();
});

function watch() {
  const scanner = watchMarkers(document.body, keys.key);
  stop = scanner.stop;
  return scanner;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("watchMarkers", () => {
  it("strips the markers already in the page and remembers each element's keys", () => {
    document.body.innerHTML = `<main><h1>${marked("Welcome", "home.title")}</h1>
      <p>Hello ${marked("Ana", "home.greeting")}, ${marked("3 items", "cart.items")}</p>
      <input placeholder="${marked("Search", "search.placeholder")}" title="${marked("Find", "search.hint", "common")}">
      <img alt="${marked("Logo", "brand.logo")}"><button aria-label="${marked("Close", "dialog.close")}">x</button></main>`;

    const scanner = watch();

    expect(document.body.innerHTML).toBe(`<main><h1>Welcome</h1>
      <p>Hello Ana, 3 items</p>
      <input placeholder="Search" title="Find">
      <img alt="Logo"><button aria-label="Close">x</button></main>`);
    const h1 = document.querySelector("h1") as Element;
    expect(scanner.keysOf(h1)).toEqual([{ key: "home.title", namespace: "translation" }]);
    expect(scanner.keysOf(document.querySelector("p") as Element).map((key) => key.key)).toEqual([
      "home.greeting",
      "cart.items",
    ]);
    expect(scanner.keysOf(document.querySelector("input") as Element)).toEqual([
      { key: "search.placeholder", namespace: "translation" },
      { key: "search.hint", namespace: "common" },
    ]);
    expect(scanner.elements()).toHaveLength(5);
  });

  it("strips markers that arrive later: new elements, changed texts and attributes", async () => {
    const scanner = watch();
    const heading = document.createElement("h2");
    heading.textContent = marked("Cart", "cart.title");
    document.body.append(heading);
    await settled();
    expect(heading.textContent).toBe("Cart");

    // As React updates a text: the same node, a new value.
    (heading.firstChild as Text).data = marked("Warenkorb", "cart.heading");
    heading.setAttribute("title", marked("Your cart", "cart.hint"));
    await settled();

    expect(heading.outerHTML).toBe('<h2 title="Your cart">Warenkorb</h2>');
    expect(scanner.keysOf(heading).map((key) => key.key)).toEqual(["cart.heading", "cart.hint"]);
  });

  it("finds the nearest element showing a key, and forgets removed ones", async () => {
    document.body.innerHTML = `<a href="/cart"><span>${marked("Cart", "nav.cart")}</span><svg></svg></a>`;
    const scanner = watch();
    const span = document.querySelector("span") as Element;

    expect(scanner.closest(span.firstChild)).toBe(span);
    expect(scanner.closest(document.querySelector("a"))).toBeUndefined();

    span.remove();
    await settled();
    expect(scanner.elements()).toEqual([]);
  });
});
