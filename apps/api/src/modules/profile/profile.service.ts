import type { ConsentSource } from '@shop/contract/consents';
import { MINIMUM_AGE_YEARS } from '@shop/contract/constants';
import { isOfMinimumAge, underAgeProfileMessage } from '@shop/contract/identity';
import type { Profile, UpdateProfileRequest, updateProfileRequestSchema } from '@shop/contract/profile';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { invalidInput, unauthorized } from '../../errors';
import { recordConsent } from '../consents/consents.repository';
import {
  findProfile,
  lockNewsletterOptIn,
  type ProfileChanges,
  type ProfileRow,
  updateProfile,
} from './profile.repository';

export function toProfile(row: ProfileRow): Profile {
  const address = row.defaultDeliveryAddress;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    date_of_birth: row.dateOfBirth,
    default_delivery_address: address
      ? {
          area: address.area,
          street: address.street ?? null,
          landmark: address.landmark ?? null,
          notes: address.notes ?? null,
        }
      : null,
    newsletter_opt_in: row.newsletterOptIn,
    role: row.role,
    created_at: row.createdAt.toISOString(),
  };
}

/** The profile of the signed-in customer `userId` (a customer only ever reaches their own). */
export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const row = await findProfile(db, userId);
  if (!row) throw unauthorized();
  return toProfile(row);
}

/** Applies a validated PATCH: only the fields sent change; email and role never do. */
export async function changeProfile(
  db: Database,
  userId: string,
  changes: z.output<typeof updateProfileRequestSchema>,
  /** The shop's minimum age (the `minimum_age` setting). */
  minimumAge: number = MINIMUM_AGE_YEARS,
  /** Where a newsletter choice comes from, for the consent ledger. */
  source: ConsentSource = 'profile_form',
): Promise<Profile> {
  if (changes.date_of_birth !== undefined && !isOfMinimumAge(changes.date_of_birth, new Date(), minimumAge)) {
    const message = underAgeProfileMessage(minimumAge);
    throw invalidInput([{ field: 'date_of_birth', message }], message);
  }
  const update: ProfileChanges = {};
  if (changes.name !== undefined) update.name = changes.name;
  if (changes.phone !== undefined) update.phone = changes.phone;
  if (changes.date_of_birth !== undefined) update.dateOfBirth = changes.date_of_birth;
  if (changes.default_delivery_address !== undefined) {
    update.defaultDeliveryAddress = changes.default_delivery_address;
  }
  if (changes.newsletter_opt_in !== undefined) update.newsletterOptIn = changes.newsletter_opt_in;
  if (Object.keys(update).length === 0) return getProfile(db, userId);
  const row = await db.transaction(async (tx) => {
    if (update.newsletterOptIn !== undefined) {
      const before = await lockNewsletterOptIn(tx, userId);
      if (before === undefined) return undefined;
      if (before !== update.newsletterOptIn) {
        await recordConsent(tx, {
          userId,
          purpose: 'newsletter',
          action: update.newsletterOptIn ? 'given' : 'withdrawn',
          source,
        });
      }
    }
    return updateProfile(tx, userId, update);
  });
  if (!row) throw unauthorized();
  return toProfile(row);
}

export type { UpdateProfileRequest };
