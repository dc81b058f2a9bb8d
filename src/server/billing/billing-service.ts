import type { Kysely } from "kysely";
import { deriveTierPlans, hasPaidPlans } from "../../shared/plans.ts";
import {
  BILLING_ERRORS,
  type BillingPlans,
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  type CheckoutAnswer,
  type CheckoutBody,
  type PortalAnswer,
  type PortalBody,
  type TeamSubscription,
  type TierPlan,
} from "../../shared/schemas/billing.ts";
import type { SessionUser } from "../auth/service.ts";
import type { DB } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Access } from "../teams/access.ts";
import type { BillingProvider } from "./provider.ts";
import { memberCount, subscriptionOfTeam } from "./queries.ts";
import { isLive, presentSubscription, saveSubscription } from "./subscription-store.ts";

export interface BillingServiceDeps {
  db: Kysely<DB>;
  access: Access;
  /** null: billing is off (the self-hosted default) and every team has every feature. */
  provider: BillingProvider | null;
  publicUrl: string;
  /** Free trial of a team's first subscription; 0: none. */
  trialDays: number;
  logger: Logger;
}

/**
 * Plans, a team's subscription, checkout and the billing portal (issue 8; spec points 3, 5, 7 and
 * 8). Every team method checks the permission first: the subscription is for members to see
 * (`team.view`), buying and managing it is the owner's (`team.manageBilling`).
 */
export function createBillingService(deps: BillingServiceDeps) {
  const { db, access, provider, publicUrl, trialDays, logger } = deps;
  const origin = new URL(publicUrl).origin;

  function configured(): BillingProvider {
    if (!provider) throw new AppError("bad_request", BILLING_ERRORS.notConfigured);
    return provider;
  }

  /** The provider's failure as the operation's message; our own AppErrors (spec texts) pass through. */
  async function calling<T>(what: string, fallback: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error({ err: error }, `billing: ${what} failed`);
      throw new AppError("upstream_failed", fallback);
    }
  }

  async function tierPlans(includeFree: boolean): Promise<TierPlan[]> {
    const products = await calling("listing plans", BILLING_ERRORS.plansFailed, () =>
      configured().listPlans(),
    );
    return deriveTierPlans(products, { includeFree });
  }

  return {
    status() {
      return { configured: provider !== null };
    },

    /**
     * Spec points 3 and 9: the tier plans in display order. Not configured: `{configured: false}` and
     * no plans. None to buy: 404 'No paid plans found.'.
     */
    async plans(options: { includeFree: boolean }): Promise<BillingPlans> {
      if (!provider) return { configured: false, plans: [] };
      const plans = await tierPlans(options.includeFree);
      if (!hasPaidPlans(plans)) throw new AppError("not_found", BILLING_ERRORS.noPaidPlans);
      return { configured: true, plans };
    },

    /** Spec point 7: the team's subscription, or null when it has none (not an error). */
    async subscription(userId: string, teamId: string): Promise<TeamSubscription> {
      await access.team(userId, teamId, "team.view");
      const row = await subscriptionOfTeam(db, teamId);
      return { configured: provider !== null, subscription: row ? presentSubscription(row) : null };
    },

    /**
     * Spec points 5 and 7: a hosted checkout for the chosen plan, one seat per member. The team's
     * first subscription starts with the free trial. A team that has a live subscription manages it
     * instead of buying a second one.
     */
    async checkout(user: SessionUser, teamId: string, body: CheckoutBody): Promise<CheckoutAnswer> {
      await access.team(user.id, teamId, "team.manageBilling");
      const billing = configured();
      const existing = await subscriptionOfTeam(db, teamId);
      if (existing && isLive(existing.status))
        throw new AppError("conflict", BILLING_ERRORS.alreadySubscribed);
      const plans = await tierPlans(true);
      const known = plans.some(
        (plan) =>
          (plan.monthlyPriceId === body.priceId && plan.monthlyProductId === body.productId) ||
          (plan.yearlyPriceId === body.priceId && plan.yearlyProductId === body.productId),
      );
      if (!known) throw new AppError("bad_request", BILLING_ERRORS.unknownPlan);
      const seats = Math.max(1, await memberCount(db, teamId));
      const { url } = await calling("creating a checkout", BILLING_ERRORS.checkoutFailed, () =>
        billing.createCheckout({
          teamId,
          priceId: body.priceId,
          productId: body.productId,
          seats,
          trialDays: !existing && trialDays > 0 ? trialDays : null,
          customerId: existing?.provider_customer_id ?? null,
          customerEmail: user.email,
          successUrl: `${publicUrl}${CHECKOUT_SUCCESS_PATH}`,
          cancelUrl: `${publicUrl}${CHECKOUT_CANCEL_PATH}`,
        }),
      );
      if (!url) throw new AppError("upstream_failed", BILLING_ERRORS.checkoutUrlMissing);
      return { checkoutUrl: url };
    },

    /** Spec point 7: the provider's billing portal for the team's customer, back to `returnUrl`. */
    async portal(userId: string, teamId: string, body: PortalBody): Promise<PortalAnswer> {
      await access.team(userId, teamId, "team.manageBilling");
      const billing = configured();
      if (new URL(body.returnUrl).origin !== origin) {
        throw new AppError("validation_failed", BILLING_ERRORS.invalidReturnUrl);
      }
      const row = await subscriptionOfTeam(db, teamId);
      if (!row?.provider_customer_id) throw new AppError("not_found", BILLING_ERRORS.noSubscription);
      const customerId = row.provider_customer_id;
      const { url } = await calling("creating a portal session", BILLING_ERRORS.portalFailed, () =>
        billing.createPortal({ customerId, returnUrl: body.returnUrl }),
      );
      if (!url) throw new AppError("upstream_failed", BILLING_ERRORS.portalUrlMissing);
      return { portalUrl: url };
    },

    /**
     * Called before a team is deleted: reads its live subscription while the row exists (the
     * deletion cascades to it) and answers what to do once the deletion is committed, which is to
     * cancel the subscription at the provider, so a deleted team is not billed again. Nothing is
     * cancelled when the deletion fails. Never throws after the commit: a provider failure is logged
     * (the subscription can still be cancelled in the provider's dashboard), and its later webhooks
     * about a team that is gone are acknowledged and ignored.
     */
    async prepareTeamDeletion(teamId: string): Promise<() => Promise<void>> {
      if (!provider) return async () => {};
      const row = await subscriptionOfTeam(db, teamId);
      const subscriptionId = row?.provider_subscription_id;
      if (!subscriptionId || !row || !isLive(row.status)) return async () => {};
      return async () => {
        try {
          await provider.cancelSubscription(subscriptionId);
          logger.info({ teamId, subscriptionId }, "billing: the deleted team's subscription was cancelled");
        } catch (error) {
          logger.error(
            { err: error, teamId, subscriptionId },
            "billing: cancelling the deleted team's subscription failed; cancel it with the provider",
          );
        }
      };
    },

    /**
     * Every member is a paid seat: sets the team's live subscription to its member count. Called
     * after a member joins or leaves, and when a webhook shows the provider's quantity has drifted.
     * Never throws: a provider failure must not undo the membership change that caused the call.
     * It is logged, and the next subscription webhook for the team tries again.
     */
    async syncSeats(teamId: string): Promise<void> {
      if (!provider) return;
      try {
        const row = await subscriptionOfTeam(db, teamId);
        if (!row?.provider_subscription_id || !isLive(row.status)) return;
        const seats = Math.max(1, await memberCount(db, teamId));
        if (seats === row.seats) return;
        const state = await provider.setSeats({
          subscriptionId: row.provider_subscription_id,
          itemId: row.provider_item_id,
          quantity: seats,
        });
        await db
          .transaction()
          .execute((trx) =>
            saveSubscription(trx, { provider: provider.name, state, teamHint: teamId, logger }),
          );
        logger.info({ teamId, seats }, "billing: seats updated");
      } catch (error) {
        logger.error({ err: error, teamId }, "billing: updating seats failed; the next webhook retries");
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
