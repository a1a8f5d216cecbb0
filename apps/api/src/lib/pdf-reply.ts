import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** A PDF answer as the API documents it (the bytes themselves go out as they are). */
export const pdfResponse = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().describe('PDF document') } },
});

/**
 * Sends a PDF, never cached: as an attachment (a document to keep: invoices) or inline (to
 * print: a packing slip, a gift card).
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: Uint8Array,
  file: { name: string; disposition?: 'attachment' | 'inline' },
) {
  return (
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `${file.disposition ?? 'attachment'}; filename="${file.name}"`)
      .type('application/pdf')
      // Bytes go out as they are (the response schema only documents them).
      .send(Buffer.from(pdf) as unknown as string)
  );
}
