// The product catalogue of the loopback Stripe (stripe-server.ts): what the tests sell, and the
// product and price objects Stripe's API answers for it.

/** A product of the catalogue: its tier (metadata.tier; none for an unrelated product) and prices. */
export interface CatalogueProduct {
  id: string;
  name: string;
  description?: string | null;
  tier?: string;
  active?: boolean;
  prices: {
    id: string;
    amount: number | null;
    interval: "month" | "year" | "week" | null;
    currency?: string;
  }[];
}

/** Team and Enterprise with a monthly and a yearly price, Free, and a product that is not a plan. */
export const DEFAULT_CATALOGUE: CatalogueProduct[] = [
  {
    id: "prod_enterprise",
    name: "Sprog Enterprise",
    description: "For organisations with many products",
    tier: "enterprise",
    prices: [
      { id: "price_enterprise_month", amount: 9900, interval: "month" },
      { id: "price_enterprise_year", amount: 99000, interval: "year" },
    ],
  },
  {
    id: "prod_free",
    name: "Sprog Free",
    description: "Try it out",
    tier: "free",
    prices: [{ id: "price_free_month", amount: 0, interval: "month" }],
  },
  {
    id: "prod_team",
    name: "Sprog Team",
    description: "For product teams",
    tier: "team",
    prices: [
      { id: "price_team_month", amount: 2900, interval: "month" },
      { id: "price_team_year", amount: 29000, interval: "year" },
      { id: "price_team_weekly", amount: 900, interval: "week" },
    ],
  },
  {
    id: "prod_stickers",
    name: "Stickers",
    prices: [{ id: "price_stickers", amount: 500, interval: null }],
  },
];

type Json = Record<string, unknown>;

/** The catalogue as Stripe's API lists it: products (the tier in metadata) and their prices. */
export function stripeCatalogueObjects(catalogue: CatalogueProduct[]): { products: Json[]; prices: Json[] } {
  const products = catalogue.map((product) => ({
    id: product.id,
    object: "product",
    active: product.active ?? true,
    name: product.name,
    description: product.description ?? null,
    metadata: product.tier ? { tier: product.tier } : {},
    default_price: product.prices[0]?.id ?? null,
  }));
  const prices = catalogue.flatMap((product) =>
    product.prices.map((price) => ({
      id: price.id,
      object: "price",
      active: product.active ?? true,
      product: product.id,
      currency: price.currency ?? "usd",
      unit_amount: price.amount,
      type: price.interval ? "recurring" : "one_time",
      recurring: price.interval ? { interval: price.interval, interval_count: 1 } : null,
    })),
  );
  return { products, prices };
}
