import { ERASURE_COOLING_OFF_DAYS } from '@shop/contract/erasure';
import { countOf } from '@shop/contract/plural';
import {
  type Breach,
  type BreachList,
  type CreateBreachRequest,
  DEFAULT_RETENTION,
  type KeptData,
  type PrivacyFacts,
  RETENTION_KIND_NAMES,
  RETENTION_KINDS,
  type RetentionFields,
  type RetentionSettings,
  retentionMessages,
  SERVER_LOG_RETENTION_DAYS,
  type UpdateBreachRequest,
  type UpdateRetentionRequest,
} from '@shop/contract/privacy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import {
  applyRetention,
  type BreachRow,
  findBreach,
  insertBreach,
  pageOfBreaches,
  readRetention,
  updateBreach,
  writeRetention,
} from './privacy.repository';
import { processorsOf } from './processors';

export const APPLY_RETENTION_QUEUE = 'privacy.apply-retention';

function fieldsOf(stored: Partial<RetentionFields> | undefined): RetentionFields {
  const fields = { ...DEFAULT_RETENTION };
  for (const kind of RETENTION_KIND_NAMES) {
    const value = stored?.[kind];
    if (typeof value === 'number') fields[kind] = value;
  }
  return fields;
}

export async function retention(db: Database): Promise<RetentionSettings> {
  const row = await readRetention(db);
  return {
    ...fieldsOf(row?.settings),
    version: row?.version ?? 0,
    updated_at: row?.updatedAt.toISOString() ?? null,
    updated_by: row?.updatedByName ?? null,
  };
}

/** An admin's change: the version the form was loaded at, else 409; audited. */
export async function saveRetention(
  db: Database,
  actor: AuditActor,
  request: UpdateRetentionRequest,
): Promise<RetentionSettings> {
  const { version, ...next } = request;
  await db.transaction(async (tx) => {
    const row = await readRetention(tx, true);
    if ((row?.version ?? 0) !== version) {
      throw conflict(retentionMessages.stale, 'conflict', [
        { field: 'version', message: retentionMessages.stale },
      ]);
    }
    const before = fieldsOf(row?.settings);
    await writeRetention(tx, next, version + 1, actor.name);
    const changed = changedFields(before, next);
    await recordAudit(tx, actor, {
      kind: 'privacy.retention',
      subjectType: 'privacy',
      subjectId: 'retention',
      summary: changed
        ? Object.keys(changed.after)
            .map(
              (kind) =>
                `${kind}: ${before[kind as keyof RetentionFields]} → ${next[kind as keyof RetentionFields]} days`,
            )
            .join(', ')
        : 'Saved without changes',
      before: changed?.before ?? null,
      after: changed?.after ?? null,
    });
  });
  return retention(db);
}

/** The hourly job: deletes what each kind keeps past its period. */
export async function applyRetentionNow(db: Database, now: Date) {
  return applyRetention(db, fieldsOf((await readRetention(db))?.settings), now);
}

const at = (date: Date | null) => date?.toISOString() ?? null;

function toBreach(row: BreachRow): Breach {
  return {
    id: row.id,
    what: row.what,
    data_affected: row.dataAffected,
    occurred_at: row.occurredAt.toISOString(),
    discovered_at: row.discoveredAt.toISOString(),
    who_was_told: row.whoWasTold,
    people_told_at: at(row.peopleToldAt),
    pdpo_told_at: at(row.pdpoToldAt),
    recorded_by: row.recordedByName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const dateOrNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

export async function recordBreach(
  db: Database,
  actor: AuditActor,
  body: CreateBreachRequest,
): Promise<Breach> {
  return db.transaction(async (tx) => {
    const row = await insertBreach(tx, {
      what: body.what,
      dataAffected: body.data_affected,
      occurredAt: new Date(body.occurred_at),
      discoveredAt: new Date(body.discovered_at),
      whoWasTold: body.who_was_told,
      peopleToldAt: dateOrNull(body.people_told_at) ?? null,
      pdpoToldAt: dateOrNull(body.pdpo_told_at) ?? null,
      recordedById: actor.id,
      recordedByName: actor.name,
    });
    const breach = toBreach(row);
    await recordAudit(tx, actor, {
      kind: 'privacy.breach_record',
      subjectType: 'privacy',
      subjectId: `breach-${row.id}`,
      summary: `Breach recorded: ${body.what.slice(0, 120)}`,
      after: breach,
    });
    return breach;
  });
}

export async function changeBreach(
  db: Database,
  actor: AuditActor,
  id: number,
  body: UpdateBreachRequest,
): Promise<Breach> {
  return db.transaction(async (tx) => {
    const row = await findBreach(tx, id, true);
    if (!row) throw notFound('The breach');
    const before = toBreach(row);
    const occurredAt = body.occurred_at ?? before.occurred_at;
    for (const key of ['discovered_at', 'people_told_at', 'pdpo_told_at'] as const) {
      const value = body[key] === undefined ? before[key] : body[key];
      if (value && Date.parse(value) < Date.parse(occurredAt)) {
        throw conflict('The dates are out of order', 'conflict', [
          { field: key, message: 'must not be before the breach' },
        ]);
      }
    }
    const updated = toBreach(
      await updateBreach(tx, id, {
        ...(body.what === undefined ? {} : { what: body.what }),
        ...(body.data_affected === undefined ? {} : { dataAffected: body.data_affected }),
        ...(body.occurred_at === undefined ? {} : { occurredAt: new Date(body.occurred_at) }),
        ...(body.discovered_at === undefined ? {} : { discoveredAt: new Date(body.discovered_at) }),
        ...(body.who_was_told === undefined ? {} : { whoWasTold: body.who_was_told }),
        ...(body.people_told_at === undefined
          ? {}
          : { peopleToldAt: dateOrNull(body.people_told_at) ?? null }),
        ...(body.pdpo_told_at === undefined ? {} : { pdpoToldAt: dateOrNull(body.pdpo_told_at) ?? null }),
      }),
    );
    const changed = changedFields(before, updated);
    await recordAudit(tx, actor, {
      kind: 'privacy.breach_update',
      subjectType: 'privacy',
      subjectId: `breach-${id}`,
      summary: `Breach ${id} updated: ${
        changed
          ? Object.keys(changed.after)
              .filter((key) => key !== 'updated_at')
              .join(', ')
          : 'no change'
      }`,
      before: changed?.before ?? null,
      after: changed?.after ?? null,
    });
    return updated;
  });
}

export async function breaches(db: Database, page: number, pageSize: number): Promise<BreachList> {
  const { rows, count } = await pageOfBreaches(db, page, pageSize);
  const totalPages = Math.ceil(count / pageSize);
  return {
    results: rows.map(toBreach),
    count,
    total_pages: totalPages,
    next: page < totalPages ? page + 1 : null,
  };
}

const daysText = (days: number) => countOf(days, 'day');

/** The privacy page's facts: what is kept, why, for how long (the settings), who receives it. */
export async function privacyFacts(db: Database, config: Config): Promise<PrivacyFacts> {
  const days = fieldsOf((await readRetention(db))?.settings);
  const years = config.TAX_RECORD_RETENTION_YEARS;
  const kept: KeptData[] = [
    {
      data: 'Account: name, e-mail address, phone number, date of birth, delivery address, password (only as a secure hash) or your Google / OpenID sign-in',
      why: 'To let you sign in, check your age, deliver your orders and contact you about them',
      kept: `While your account is open; deleted ${ERASURE_COOLING_OFF_DAYS} days after you ask to delete it (you can cancel until then)`,
    },
    {
      data: 'Orders, invoices, credit notes and payments (amounts, dates, mobile-money references)',
      why: 'To fulfil and refund orders, and keep the records Uganda’s tax law requires',
      kept: `${countOf(years, 'year')} from the order; after your account is deleted, without your name, phone or address (a business’s name and TIN stay on its VAT invoices)`,
    },
    {
      data: 'Reviews, wishlist, event RSVPs',
      why: 'To show your reviews, remember bottles you saved and hold your seat',
      kept: 'Until you remove them or delete your account (your reviews can then stay as “A customer”, if you choose)',
    },
    {
      data: 'Consents (what you agreed to, when and how)',
      why: 'To prove your consent, as the Act requires',
      kept: 'For as long as we rely on it; after your account is deleted, without anything that names you',
    },
    {
      data: 'Sessions (signed-in browsers)',
      why: 'To keep you signed in',
      kept: '24 hours, then removed within the hour',
    },
    ...RETENTION_KIND_NAMES.map((kind) => ({
      data: RETENTION_KINDS[kind].label,
      why: {
        sign_in_history: 'To warn you of a sign-in from a new device',
        notifications: 'To show you what happened to your orders and events',
        messages: 'To know what we told you and resend it if it failed',
        anonymous_carts: 'To keep your cart while you browse',
        data_exports: 'To know when you asked and that the copy was downloaded once',
        delivery_proofs: 'To show who received an order and where, if you ask about its delivery',
        gift_recipients: 'To deliver a gift and let its recipient choose a time; we never ask them for more',
      }[kind],
      kept: daysText(days[kind]),
    })),
    {
      data: 'Server logs (the time, the page or action asked for, the answer, the network address of a failed request, errors); never your name, e-mail, phone, address, date of birth or passwords',
      why: 'To find and fix faults and notice attacks on the shop',
      kept: `${daysText(SERVER_LOG_RETENTION_DAYS)}, then deleted by the server's journal`,
    },
  ];
  const processors = processorsOf(config).map(({ id: _id, ...processor }) => processor);
  return { kept, processors };
}

export function processorList(config: Config) {
  return { processors: processorsOf(config) };
}
