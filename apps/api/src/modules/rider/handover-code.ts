import crypto from 'node:crypto';
import { HANDOVER_CODE_LENGTH } from '@shop/contract/rider';

/**
 * The handover code of a delivery (decision 0026): six digits made from the delivery's id with a
 * key only the server holds (HMAC-SHA-256). Nothing about the code is stored: the database alone
 * cannot tell it, and the customer's tracking page and SMS can show it again whenever asked.
 */
export type HandoverCodes = {
  codeOf(deliveryId: number): string;
  matches(deliveryId: number, entered: string): boolean;
};

export function handoverCodes(secret: string): HandoverCodes {
  // A key of its own, so the sessions' secret is never used directly for another purpose.
  const key = crypto.createHmac('sha256', secret).update('kc.handover-code.v1').digest();
  const codeOf = (deliveryId: number) => {
    const digest = crypto.createHmac('sha256', key).update(`delivery:${deliveryId}`).digest();
    const value = digest.readUInt32BE(0) % 10 ** HANDOVER_CODE_LENGTH;
    return value.toString().padStart(HANDOVER_CODE_LENGTH, '0');
  };
  return {
    codeOf,
    matches(deliveryId, entered) {
      const expected = Buffer.from(codeOf(deliveryId));
      const given = Buffer.from(entered.padEnd(HANDOVER_CODE_LENGTH).slice(0, HANDOVER_CODE_LENGTH));
      return crypto.timingSafeEqual(expected, given) && entered.length === HANDOVER_CODE_LENGTH;
    },
  };
}
