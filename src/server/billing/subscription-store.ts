import type { Transaction } from "kysely";
import {
  ENDED_SUBSCRIPTION_STATUSES,
  type Subscription,
  subscriptionStatusSchema,
} from "../../shared/schemas/billing.ts";
import type { DB } from "../db/schema.ts";
import { isoDateOrNull } from "../db/sql.ts";
import type { Logger } from "../logger.ts";
import type { ProviderSubscription } from "./provider.ts";
import {
  lockSubscriptionHolder,
  lockTeamSubscription,
  type SubscriptionRow,
  teamExists,
  upsertSubscription,
} from "./queries.ts";

/** Not ended: the team has a subscription to manage (and its seats to keep in step). */
export const isLive = (status: string) =>
  !(ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/** The one presenter of a subscription row (spec point 3 Subscriptions). */
export function presentSubscription(row: SubscriptionRow): Subscription {
  const status = subscriptionStatusSchema.safeParse(row.status);
  return {
    id: row.id,
    teamId: row.team_id,
    status: status.success ? status.data : "incomplete",
    productName: row.product_name,
    renewalDate: isoDateOrNull(row.renewal_date),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    seats: row.seats,
    trialEnd: isoDateOrNull(row.trial_end),
  };
}

/**
 * Writes what the provider says about a subscription into its team's row, in the caller's transaction.
 * The team is the row that already holds this subscription, else the one named at checkout. Answers
 * the team, or null when there is none to write to (deleted since, or a subscription Sprog did not
 * sell): such events are acknowledged and change nothing.
 *
 * A team has one row. A newer purchase replaces an ended one; an ended subscription never replaces
 * a live one (a late 'deleted' of the team's previous subscription must not end the current one).
 */
export async function saveSubscription(
  trx: Transaction<DB>,
  args: { provider: string; state: ProviderSubscription; teamHint: string | null; logger: Logger },
): Promise<string | null> {
  const { provider, state, teamHint, logger } = args;
  const holder = await lockSubscriptionHolder(trx, state.id);
  const teamId = holder ?? state.teamId ?? teamHint;
  if (!teamId) {
    logger.warn({ subscriptionId: state.id }, "billing: a subscription without a team, ignored");
    return null;
  }
  if (!(await teamExists(trx, teamId))) {
    logger.warn(
      { subscriptionId: state.id, teamId },
      "billing: a subscription of a team that is gone, ignored",
    );
    return null;
  }
  const current = await lockTeamSubscription(trx, teamId);
  if (
    current?.provider_subscription_id &&
    current.provider_subscription_id !== state.id &&
    isLive(current.status) &&
    !isLive(state.status)
  ) {
    logger.info(
      { teamId, subscriptionId: state.id, current: current.provider_subscription_id },
      "billing: an ended subscription does not replace the team's live one",
    );
    return teamId;
  }
  const values = {
    provider,
    provider_customer_id: state.customerId ?? current?.provider_customer_id ?? null,
    provider_subscription_id: state.id,
    provider_item_id: state.itemId,
    provider_product_id: state.productId,
    provider_price_id: state.priceId,
    status: state.status,
    // A deleted subscription's event names the product without its name: keep the one we had.
    product_name:
      state.productName ??
      (current?.provider_product_id === state.productId ? current?.product_name : null) ??
      null,
    renewal_date: state.renewalDate,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    seats: state.quantity,
    trial_end: state.trialEnd,
    updated_at: new Date(),
  };
  await upsertSubscription(trx, teamId, values);
  return teamId;
}
