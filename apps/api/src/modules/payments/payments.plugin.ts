import { classifyPaymentFailure } from '@shop/contract/payment-advice';
import fp from 'fastify-plugin';
import { PayableRegistry } from './payable-registry';
import type { PaymentsContext } from './payments.context';
import { paymentReceiptEmail } from './payments.emails';
import { PAYMENT_JOBS } from './payments.jobs';
import { claimReceipt, releaseReceipt, userContact } from './payments.repository';
import { pollPendingPayments } from './poll';
import { createProviderSet } from './providers/provider-set';
import { processDelivery } from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment services' context (see ./payments.context.ts). */
    payments: PaymentsContext;
    /**
     * What payments can pay for: each module registers its kind of subject at start-up,
     * `app.payables.register({ purpose, find, markPaid, cancel })` (see ./payable-registry.ts):
     * orders (orders.plugin.ts) and RSVPs (events.plugin.ts).
     */
    payables: PayableRegistry;
  }
}

/**
 * Payments: the provider (sandbox unless Flutterwave is configured), the registry of payable
 * subjects, and the background work — webhook deliveries, the poll of pending payments, the
 * receipt e-mail — on the job queue, so each runs once across instances.
 */
export default fp(
  async (app) => {
    const providers = createProviderSet(app.config, app.db);
    if (providers.active.name === 'sandbox' && app.config.NODE_ENV === 'production') {
      app.log.warn(
        'Payments use the sandbox provider: no real money moves. Set FLUTTERWAVE_SECRET_KEY and ' +
          'FLUTTERWAVE_WEBHOOK_HASH to take real mobile-money payments.',
      );
    }
    const payables = new PayableRegistry();
    const context: PaymentsContext = {
      db: app.db,
      config: app.config,
      events: app.events,
      payables,
      providers,
      log: app.log,
      enqueue: async (name, data, options) => {
        await app.jobs.send(name, data, options?.singletonKey ? { singletonKey: options.singletonKey } : {});
      },
    };
    app.decorate('payables', payables);
    app.decorate('payments', context);

    app.jobs.work<{ deliveryId: number }>(
      PAYMENT_JOBS.processWebhook,
      async ({ deliveryId }) => processDelivery(context, deliveryId),
      // The provider may be down for a while; the poll covers the transaction meanwhile.
      { retryLimit: 8, retryDelay: 15, retryBackoff: true },
    );
    app.jobs.schedule(PAYMENT_JOBS.pollPending, '* * * * *', async () => pollPendingPayments(context));
    app.jobs.work<{ transactionId: string }>(
      PAYMENT_JOBS.sendReceipt,
      async ({ transactionId }) => {
        const row = await claimReceipt(app.db, transactionId);
        if (!row || row.refundDue) return;
        const contact = await userContact(app.db, row.userId);
        if (!contact || !row.paidAt) return;
        try {
          await app.email.sendEmail(
            paymentReceiptEmail({
              to: contact.email,
              name: contact.name,
              reference: row.reference,
              subjectLabel: row.subjectLabel,
              amount: row.amount,
              network: row.network,
              phoneMasked: row.phoneMasked,
              paidAt: row.paidAt,
              url: `${app.config.publicUrl}/payments`,
            }),
          );
        } catch (error) {
          await releaseReceipt(app.db, transactionId);
          throw error;
        }
      },
      { retryLimit: 5, retryDelay: 60, retryBackoff: true },
    );

    app.events.subscribe('payment.succeeded', async (payment) => {
      if (payment.refundDue) {
        app.log.warn(
          { transaction: payment.transactionId, reference: payment.reference },
          'a payment arrived for a subject already paid or closed: refund due',
        );
        return;
      }
      await context.enqueue(
        PAYMENT_JOBS.sendReceipt,
        { transactionId: payment.transactionId },
        { singletonKey: `receipt:${payment.transactionId}` },
      );
    });

    // A reason the advice table does not know gets the generic message; staff read it here to
    // extend the table (packages/contract/src/payment-advice.ts). The reason is the provider's
    // wording, never the customer's data.
    app.events.subscribe('payment.failed', (payment) => {
      if (classifyPaymentFailure(payment.reason, payment.status) !== 'unknown') return;
      app.log.warn(
        { transaction: payment.transactionId, reference: payment.reference, providerReason: payment.reason },
        'a mobile-money failure reason has no advice yet: the customer saw the generic message',
      );
    });
  },
  { name: 'payments', dependencies: ['config', 'database', 'domain-events', 'email', 'jobs'] },
);
