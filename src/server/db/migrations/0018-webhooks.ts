import { type Kysely, sql } from "kysely";

/**
 * Project webhooks (issue 20). `secret` is kept as it is, not hashed: every delivery is signed with
 * it, so it must be readable (src/server/webhooks/webhook-service.ts says why it is not encrypted). `consecutive_failures` counts failed attempts since the last success; the hook is
 * disabled (with `disabled_reason`) when it reaches the limit or a delivery's 24 h run out.
 * `webhook_deliveries` is the log of attempts, trimmed to the last 100 per hook.
 * `webhook_review_completions` marks the reviews whose `review.completed` was sent: claimed with
 * an insert, so however many server processes see the review's updates, it is sent once per
 * completion (the mark goes when the review is re-opened).
 */
const statements = [
  `create table webhooks (
    id uuid primary key default gen_random_uuid(),
    project_id uuid not null references projects(id) on delete cascade,
    url text not null,
    events text[] not null check (cardinality(events) > 0),
    secret text not null,
    enabled boolean not null default true,
    disabled_reason text,
    consecutive_failures integer not null default 0,
    created_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index webhooks_project_idx on webhooks(project_id, created_at)`,
  `create table webhook_deliveries (
    id uuid primary key default gen_random_uuid(),
    webhook_id uuid not null references webhooks(id) on delete cascade,
    delivery_id uuid not null,
    event text not null,
    attempt integer not null,
    status text not null check (status in ('succeeded', 'failed')),
    response_code integer,
    response_body text,
    latency_ms integer,
    error text,
    created_at timestamptz not null default now()
  )`,
  `create index webhook_deliveries_hook_idx on webhook_deliveries(webhook_id, created_at desc)`,
  `create table webhook_review_completions (
    review_id uuid primary key references reviews(id) on delete cascade,
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
