import fp from 'fastify-plugin';
import '../events/events.events';
import '../refunds/refunds.events';
import { creditNoteForRefund, processCreditNote, sweepCreditNotes } from './efris.credit-notes';
import { creditNoteSingletonKey, EFRIS_JOBS, fiscaliseSingletonKey } from './efris.jobs';
import { keyEncryptionKey } from './efris.keys';
import {
  documentForPaidOrder,
  documentForPaidTicket,
  type EfrisContext,
  fiscaliseDocument,
  sweepDocuments,
} from './efris.service';
import { DatabaseSessionKeys } from './efris.session-keys';

declare module 'fastify' {
  interface FastifyInstance {
    efris: EfrisContext;
  }
}

/**
 * EFRIS (issue 37, decision 0024): each paid order's tax invoice fiscalised with URA after the
 * commit, on the job queue, never in checkout's way. The document row is the idempotency record;
 * the job and the minute's sweep only ever attempt what it says is still pending.
 */
export default fp(
  async (app) => {
    const kek = keyEncryptionKey(app.config);
    const context: EfrisContext = {
      db: app.db,
      config: app.config,
      kek,
      keys: new DatabaseSessionKeys(app.db, kek),
      log: app.log,
    };
    if (
      !app.config.EFRIS_KEY_ENCRYPTION_KEY &&
      app.config.NODE_ENV === 'production' &&
      app.config.DATABASE_URL
    ) {
      app.log.warn(
        "EFRIS_KEY_ENCRYPTION_KEY is not set: the EFRIS private key is sealed with a key of this instance's data " +
          'directory. Set it when several instances share DATABASE_URL.',
      );
    }
    app.decorate('efris', context);

    app.jobs.work<{ documentId: number }>(
      EFRIS_JOBS.fiscalise,
      // EFRIS's own failures are recorded on the document and retried by the sweep with back-off;
      // only the database's throw (and pg-boss retries).
      async ({ documentId }) => fiscaliseDocument(context, documentId),
      { retryLimit: 5, retryDelay: 30, retryBackoff: true, batchSize: 1 },
    );
    app.jobs.work<{ creditNoteId: number }>(
      EFRIS_JOBS.creditNote,
      async ({ creditNoteId }) => processCreditNote(context, creditNoteId),
      { retryLimit: 5, retryDelay: 30, retryBackoff: true, batchSize: 1 },
    );
    // Documents first: a credit note waits for its invoice's fiscal number.
    app.jobs.schedule(EFRIS_JOBS.sweep, '* * * * *', async () => {
      await sweepDocuments(context);
      await sweepCreditNotes(context);
    });

    const fiscalise = async (documentId: number | null) => {
      if (documentId === null) return;
      await app.jobs.send(
        EFRIS_JOBS.fiscalise,
        { documentId },
        { singletonKey: fiscaliseSingletonKey(documentId) },
      );
    };
    app.events.subscribe('order.paid', async ({ orderId }) => {
      await fiscalise(await documentForPaidOrder(context, orderId));
    });
    // A paid ticket's invoice (decision 0034), issued with the payment.
    app.events.subscribe('rsvp.confirmed', async ({ rsvpId, ticketCode, paid }) => {
      if (!paid) return;
      await fiscalise(await documentForPaidTicket(context, { rsvpId, ticketCode }));
    });

    // A refund of an order or a ticket sent to EFRIS: its credit note applied for with URA (decision 0030).
    app.events.subscribe('refund.succeeded', async ({ refundId }) => {
      const creditNoteId = await creditNoteForRefund(context, refundId);
      if (creditNoteId === null) return;
      await app.jobs.send(
        EFRIS_JOBS.creditNote,
        { creditNoteId },
        { singletonKey: creditNoteSingletonKey(creditNoteId) },
      );
    });
  },
  { name: 'efris', dependencies: ['config', 'database', 'jobs', 'domain-events'] },
);
