import { type Hamper, type HamperPartsRequest, hamperMessages } from '@shop/contract/hampers';
import type { Database } from '../../db/client';
import { invalidInput, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit';
import { lockStockOf } from '../stock/stock.repository';
import { findHamper, findSizes, replaceParts } from './hampers.repository';

const sizeNotFound = () => notFound('This size');

export async function getHamper(db: Database, variantId: number): Promise<Hamper> {
  const hamper = await findHamper(db, variantId);
  if (!hamper) throw sizeNotFound();
  return { variant_id: variantId, ...hamper };
}

/**
 * Sets a size's parts (all at once). The rules, each a 422 naming the part: the part exists,
 * is not the hamper itself, is not a hamper (one level: a hamper's stock is one step from the
 * shelf), appears once; and a size that is a part of a hamper cannot become one.
 */
export async function setHamperParts(
  db: Database,
  actor: AuditActor,
  variantId: number,
  input: HamperPartsRequest,
): Promise<Hamper> {
  const partIds = input.parts.map((part) => part.variant_id);
  await db.transaction(async (tx) => {
    const before = await findHamper(tx, variantId);
    if (!before) throw sizeNotFound();
    // The hamper, its old and new parts and the hampers beside them, in id order (as checkout).
    await lockStockOf(tx, [variantId, ...before.parts.map((part) => part.variant_id), ...partIds]);
    const sizes = new Map((await findSizes(tx, [variantId, ...partIds])).map((size) => [size.id, size]));
    const fields = input.parts.flatMap<{ field: string; message: string }>((part, index) => {
      const field = `parts.${index}.variant_id`;
      const size = sizes.get(part.variant_id);
      if (part.variant_id === variantId) return [{ field, message: hamperMessages.itself }];
      if (!size) return [{ field, message: hamperMessages.noSuchSize }];
      if (size.is_hamper) return [{ field, message: hamperMessages.hamperInHamper }];
      if (partIds.indexOf(part.variant_id) !== index) return [{ field, message: hamperMessages.twice }];
      return [];
    });
    if (input.parts.length > 0 && sizes.get(variantId)?.is_part)
      fields.unshift({ field: 'parts', message: hamperMessages.partHasParts });
    if (fields.length > 0) throw invalidInput(fields);
    await replaceParts(tx, variantId, input.parts);
    await recordAudit(tx, actor, {
      kind: 'product.hamper',
      subjectType: 'stock',
      subjectId: variantId,
      summary: `Hamper parts: ${input.parts.map((part) => `${part.quantity} × size ${part.variant_id}`).join(', ') || 'none'}`,
      before: { parts: before.parts.map(({ variant_id, quantity }) => ({ variant_id, quantity })) },
      after: { parts: input.parts },
    });
  });
  return getHamper(db, variantId);
}
