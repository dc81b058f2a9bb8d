import { type Kysely, sql } from "kysely";

/**
 * Billing (issue 8; spec point 3 Subscriptions, one per team).
 * - `subscriptions`: the team's subscription as the billing provider last told it (webhooks), with
 *   the provider's ids to manage it: the customer (billing portal), the subscription and its one
 *   item (seats are the item's quantity). A cancelled subscription keeps its row, so a team's next
 *   purchase knows it is not the first (no second free trial) and reuses the customer.
 * - `billing_events`: the provider's webhook event ids already processed. A redelivered event finds
 *   its id here and changes nothing.
 */
const statements = [
  `create table subscriptions (
    id uuid primary key default gen_random_uuid(),
    team_id text not null unique references teams(id) on delete cascade,
    provider text not null,
    provider_customer_id text,
    provider_subscription_id text unique,
    provider_item_id text,
    provider_product_id text,
    provider_price_id text,
    status text not null,
    product_name text,
    renewal_date timestamptz,
    cancel_at_period_end boolean not null default false,
    seats integer not null default 1,
    trial_end timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table billing_events (
    id text primary key,
    provider text not null,
    type text not null,
    processed_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
