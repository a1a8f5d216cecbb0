import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import {
  type AdminShopSettings,
  DEFAULT_SHOP_SETTINGS,
  type ShopSettingsFields,
  settingsMessages,
  shopSettingsFieldsSchema,
  type updateShopSettingsRequestSchema,
} from '@shop/contract/settings';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { shopSettings } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import { conflict } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import { rememberShopSettings } from './settings-snapshot';

/**
 * The shop's settings: one row, versioned (migration 0030). Read over the contract's defaults,
 * so a missing row (nothing saved yet) or a setting added since the last save reads as its
 * default. A save carries the version its form was loaded at; a stale one is refused with who
 * saved since and when, like the product form.
 */

export type CurrentSettings = AdminShopSettings;

/**
 * The stored JSON over the defaults. A setting that no longer validates (a rule tightened since
 * it was saved, a row edited by hand) falls back to its default alone: the others keep their
 * saved values, and the settings always read, so the admin's form always opens to fix them.
 */
function withDefaults(stored: Partial<ShopSettingsFields> | null | undefined): ShopSettingsFields {
  const merged: Record<string, unknown> = { ...DEFAULT_SHOP_SETTINGS, ...(stored ?? {}) };
  const parsed = shopSettingsFieldsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in DEFAULT_SHOP_SETTINGS) {
      merged[key] = DEFAULT_SHOP_SETTINGS[key as keyof ShopSettingsFields];
    }
  }
  const repaired = shopSettingsFieldsSchema.safeParse(merged);
  return repaired.success ? repaired.data : DEFAULT_SHOP_SETTINGS;
}

export function fieldsOf(settings: CurrentSettings): ShopSettingsFields {
  const { version: _v, updated_at: _a, updated_by: _b, ...fields } = settings;
  return fields;
}

export async function readSettings(executor: Executor, lock = false): Promise<CurrentSettings> {
  const query = executor.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const [row] = lock ? await query.for('update') : await query;
  return {
    ...withDefaults(row?.settings),
    version: row?.version ?? 0,
    updated_at: row ? row.updatedAt.toISOString() : null,
    updated_by: row?.updatedByName ?? null,
  };
}

const fieldLabels: Record<keyof ShopSettingsFields, string> = {
  phone: 'phone',
  whatsapp: 'WhatsApp number',
  email: 'e-mail',
  address: 'address',
  opening_hours: 'opening hours',
  free_delivery_threshold: 'free-delivery threshold',
  minimum_age: 'minimum age',
  delivery_hours: 'delivery hours',
  delivery_windows: 'delivery windows',
  vat_tin: 'VAT TIN',
  prices_include_vat: 'prices include VAT',
  review_policy: 'review policy',
  refused_order_fee: 'fee for a refused order',
};

/**
 * Saves every setting when `input.version` is the stored one (409 `conflict` on `version`
 * otherwise, naming who saved since and when). Audited (`settings.update`, the changed fields
 * before → after) in the same transaction; the row's trigger NOTIFYs every instance.
 */
export async function saveSettings(
  db: Database,
  actor: AuditActor,
  input: z.output<typeof updateShopSettingsRequestSchema>,
): Promise<CurrentSettings> {
  return db.transaction(async (tx) => {
    const current = await readSettings(tx, true);
    const { version, ...fields } = input;
    if (version !== current.version) {
      const who =
        current.updated_by && current.updated_at
          ? `${current.updated_by} changed the settings on ${formatKampalaDateTime(current.updated_at)}`
          : 'The settings were changed';
      throw conflict(
        `${who}, after you opened them. Reload to see their changes; yours were not saved.`,
        'conflict',
        [{ field: 'version', message: settingsMessages.stale }],
      );
    }
    const diff = changedFields<ShopSettingsFields>(fieldsOf(current), fields);
    if (!diff) return current;

    const values = {
      settings: fields,
      version: current.version + 1,
      updatedAt: new Date(),
      updatedById: actor.id,
      updatedByName: actor.name,
    };
    if (current.version === 0) {
      // The first save: a concurrent first save inserts first and this one is stale.
      const inserted = await tx
        .insert(shopSettings)
        .values({ id: 1, ...values })
        .onConflictDoNothing()
        .returning({ id: shopSettings.id });
      if (inserted.length === 0) {
        throw conflict(
          'Someone saved the settings just before you. Reload to see their changes.',
          'conflict',
          [{ field: 'version', message: settingsMessages.stale }],
        );
      }
    } else {
      await tx.update(shopSettings).set(values).where(eq(shopSettings.id, 1));
    }
    const changed = Object.keys(diff.after) as (keyof ShopSettingsFields)[];
    await recordAudit(tx, actor, {
      kind: 'settings.update',
      subjectType: 'settings',
      subjectId: 'shop',
      summary: `Changed ${changed.map((key) => fieldLabels[key]).join(', ')}`,
      before: diff.before,
      after: diff.after,
    });
    return readSettings(tx);
  });
}

/**
 * This instance's copy of the settings. Kept only while the LISTEN on `settings_changed` is in
 * place (every write NOTIFYs, so other instances' saves count too); without it, every read goes
 * to the database.
 */
export class SettingsCache {
  private value: Promise<CurrentSettings> | undefined;
  private generation = 0;
  enabled = false;

  constructor(private readonly db: Database) {}

  current(): Promise<CurrentSettings> {
    if (this.value) return this.value;
    const generation = this.generation;
    const loading = readSettings(this.db).then((settings) => {
      if (this.generation === generation) rememberShopSettings(fieldsOf(settings));
      return settings;
    });
    if (this.enabled) {
      this.value = loading;
      loading.catch(() => {
        if (this.generation === generation) this.value = undefined;
      });
    }
    return loading;
  }

  /** The settings the storefront reads (no version, no author). */
  async fields(): Promise<ShopSettingsFields> {
    return fieldsOf(await this.current());
  }

  invalidate(): void {
    this.generation += 1;
    this.value = undefined;
  }

  private readonly listeners = new Set<() => void>();

  /** Calls `listener` whenever the settings change (on any instance), e.g. to drop rendered pages. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Drops the copy and reads the settings again at once (for `shopSettingsNow`); tells the listeners. */
  refresh(): void {
    this.invalidate();
    this.current().catch(() => undefined);
    for (const listener of this.listeners) listener();
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.invalidate();
  }
}
