import crypto from 'node:crypto';
import type {
  createDeliveryZoneRequestSchema,
  DeliveryZone,
  DeliveryZoneList,
  updateDeliveryZoneRequestSchema,
} from '@shop/contract/delivery';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { SendableBody } from '../../lib/http-cache';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import {
  findZone,
  insertZone,
  listZones,
  updateZone,
  type ZoneChanges,
  type ZoneRow,
} from './orders.repository';

/** Delivery zones: listed for checkout, kept by staff. Orders keep the zone they were placed with. */

function toZone(row: ZoneRow): DeliveryZone {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    areas: row.areas,
    fee: row.fee,
    delivery_time_minutes: row.delivery_time_minutes,
    delivery_time_label: row.delivery_time_label,
    sort_order: row.sort_order,
    is_active: row.is_active,
  };
}

export async function zoneList(db: Database, includeInactive: boolean): Promise<DeliveryZoneList> {
  return { results: (await listZones(db, { includeInactive })).map(toZone) };
}

/** The public list as a body with its ETag, for HTTP caching. */
export async function zoneListBody(db: Database): Promise<SendableBody> {
  const body = JSON.stringify(await zoneList(db, false));
  return { body, etag: `W/"${crypto.hash('sha1', body, 'base64url')}"` };
}

function changes(input: Partial<z.output<typeof createDeliveryZoneRequestSchema>>): ZoneChanges {
  return {
    slug: input.slug,
    name: input.name,
    areas: input.areas,
    fee: input.fee,
    deliveryTimeMinutes: input.delivery_time_minutes,
    deliveryTimeLabel: input.delivery_time_label,
    sortOrder: input.sort_order,
    isActive: input.is_active,
  };
}

/** A new zone, audited (`delivery_zone.create`) in the same transaction. */
export async function createZone(
  db: Database,
  actor: AuditActor,
  input: z.output<typeof createDeliveryZoneRequestSchema>,
): Promise<DeliveryZone> {
  // A slug already used is refused by its unique index (db/unique-violations.ts: 409 on `slug`).
  return db.transaction(async (tx) => {
    const zone = toZone(await insertZone(tx, changes(input) as Required<ZoneChanges>));
    await recordAudit(tx, actor, {
      kind: 'delivery_zone.create',
      subjectType: 'delivery_zone',
      subjectId: zone.id,
      summary: `Added ${zone.name}`,
      after: zone,
    });
    return zone;
  });
}

/** Changes a zone, audited (`delivery_zone.update`, the changed fields before → after). */
export async function changeZone(
  db: Database,
  actor: AuditActor,
  id: number,
  input: z.output<typeof updateDeliveryZoneRequestSchema>,
): Promise<DeliveryZone> {
  return db.transaction(async (tx) => {
    const current = await findZone(tx, id);
    if (!current) throw notFound('Delivery zone');
    const row = await updateZone(tx, id, changes(input));
    if (!row) throw notFound('Delivery zone');
    const zone = toZone(row);
    const diff = changedFields(toZone(current), zone);
    if (diff) {
      await recordAudit(tx, actor, {
        kind: 'delivery_zone.update',
        subjectType: 'delivery_zone',
        subjectId: id,
        summary: `Changed ${zone.name}`,
        before: diff.before,
        after: diff.after,
      });
    }
    return zone;
  });
}
