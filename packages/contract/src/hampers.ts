import { z } from 'zod';

/**
 * A hamper's parts (decision 0035): the sizes of other products it holds and how many of each.
 * Its stock is what its parts allow; selling one takes its parts from stock.
 */
export const HAMPER_MAX_PARTS = 20;
export const HAMPER_MAX_QUANTITY = 99;

export const hamperPartInputSchema = z.object({
  variant_id: z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).positive(),
  quantity: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(HAMPER_MAX_QUANTITY, { error: `must be at most ${HAMPER_MAX_QUANTITY}` }),
});

/** Every part at once (an empty list: the size is no longer a hamper). */
export const hamperPartsRequestSchema = z.object({
  parts: z.array(hamperPartInputSchema).max(HAMPER_MAX_PARTS, { error: `at most ${HAMPER_MAX_PARTS} parts` }),
});
export type HamperPartsRequest = z.infer<typeof hamperPartsRequestSchema>;

export const hamperPartSchema = z.object({
  variant_id: z.number().int(),
  quantity: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_slug: z.string(),
  variant_name: z.string(),
  sku: z.string(),
  stock: z.number().int(),
});
export type HamperPart = z.infer<typeof hamperPartSchema>;

export const hamperSchema = z.object({
  variant_id: z.number().int(),
  /** What the parts allow: the least, over the parts, of the part's stock ÷ its quantity. */
  stock: z.number().int(),
  parts: z.array(hamperPartSchema),
});
export type Hamper = z.infer<typeof hamperSchema>;

export const hamperMessages = {
  itself: 'A hamper cannot hold itself',
  hamperInHamper: 'A hamper cannot hold another hamper',
  partHasParts: 'This size is a part of a hamper, so it cannot be a hamper itself',
  noSuchSize: 'No such size',
  twice: 'This size is already in the hamper: change its quantity instead',
} as const;
