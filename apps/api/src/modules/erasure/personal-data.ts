/**
 * Every text, JSON, array and bytea column of the database, by what erasure does with it
 * (decisions 0025, 0039). `personal-data.test.ts` compares this with the schema itself, so a
 * column added later fails the test until someone says here what becomes of it (and, when it
 * holds a customer's data, adds its statement to `eraseAccount`, whose test then proves it).
 *
 * - `erased`: a customer's data, removed or anonymised by `eraseAccount` (or deleted with its row)
 * - `kept`: kept after erasure on purpose, minimal (tax records, proofs; decision 0025/0039 says why)
 * - `none`: holds no customer's personal data (catalog, settings, staff's and riders' own, hashes)
 */
type Columns = { erased?: string[]; kept?: string[]; none?: string[] };

export const PERSONAL_DATA: Record<string, Columns> = {
  accounts: {
    erased: ['access_token', 'account_id', 'id_token', 'password', 'provider_id', 'refresh_token', 'scope'],
  },
  audit_entries: {
    kept: ['after', 'before', 'summary'],
    none: ['actor_name', 'actor_role', 'kind', 'subject_id', 'subject_type'],
  },
  auth_attempts: { none: ['key'] },
  cash_collections: { none: ['rider_name', 'rider_phone'] },
  cash_handins: { none: ['cashier_name', 'day', 'reason'] },
  catalog_import_rows: { none: ['message', 'outcome', 'product_slug', 'sku'] },
  catalog_imports: {
    none: [
      'applied_by_name',
      'applied_by_role',
      'counts',
      'created_by_name',
      'created_by_role',
      'errors',
      'failure',
      'file_name',
      'file_text',
      'report',
      'status',
    ],
  },
  catalog_words: { none: ['word'] },
  categories: { none: ['description', 'image', 'name', 'slug'] },
  companies: {
    erased: ['billing_contact_name', 'billing_contact_phone', 'billing_email'],
    kept: ['billing_address', 'name', 'tin'],
  },
  consent_records: { erased: ['email'], kept: ['action', 'purpose', 'shown_text', 'source'] },
  credit_notes: { kept: ['number'] },
  data_exports: { erased: ['file', 'state'] },
  deliveries: {
    erased: ['refusal_reason'],
    kept: ['age_check', 'door_outcome', 'handover_verified_by', 'id_type'],
    none: ['rider_name', 'rider_phone'],
  },
  delivery_events: { erased: ['note'] },
  delivery_instruction_defaults: { erased: ['instructions'] },
  delivery_proofs: { erased: ['photo'] },
  delivery_zones: { none: ['areas', 'delivery_time_label', 'name', 'slug'] },
  dev_mailbox: { erased: ['html', 'subject', 'text', 'to'], none: ['from'] },
  discount_codes: { none: ['code', 'description', 'kind', 'status'] },
  document_counters: { none: ['name'] },
  efris_credit_notes: {
    kept: ['fiscal_document_number', 'reference_no', 'ura_reference_no'],
    none: ['last_error', 'last_return_code'],
  },
  efris_documents: {
    kept: ['fiscal_document_number', 'qr_code', 'reference_no', 'verification_code'],
    none: ['kind', 'last_error', 'last_return_code'],
  },
  efris_settings: {
    none: [
      'commodity_code',
      'device_no',
      'environment',
      'key_fingerprint',
      'private_key_ciphertext',
      'registration',
      'session_key_ciphertext',
      'session_key_for',
      'tin',
    ],
  },
  erasure_requests: { kept: ['channel', 'reviews', 'staff_reason', 'state'] },
  events: {
    none: [
      'cancel_reason',
      'description',
      'dress_code',
      'food_pairing',
      'image',
      'map_url',
      'slug',
      'summary',
      'title',
      'venue_address',
      'venue_name',
    ],
  },
  gift_recipients: {
    erased: ['link_hash', 'message', 'recipient_instructions', 'recipient_name', 'recipient_phone'],
  },
  invoices: { kept: ['invoice_number'], none: ['currency', 'shop_tin'] },
  known_devices: { erased: ['fingerprint', 'ip_address', 'user_agent'] },
  media_files: { none: ['bytes', 'content_type', 'format', 'hash'] },
  media_sets: { none: ['hash', 'widths'] },
  newsletter_campaign_recipients: { erased: ['error', 'state'] },
  newsletter_campaigns: { none: ['blocks', 'status', 'subject'] },
  newsletter_subscribers: {
    erased: ['confirm_token_hash', 'confirmed_ip', 'email', 'subscribed_ip', 'unsubscribe_token'],
  },
  notifications: { erased: ['dedupe_key', 'message', 'related_id', 'title'] },
  order_lists: { none: ['idempotency_key', 'lpo_number', 'request_hash'] },
  order_items: { none: ['image', 'product_name', 'product_slug', 'sku', 'variant_name'] },
  order_status_changes: { erased: ['note'] },
  orders: {
    erased: [
      'contact_name',
      'contact_phone',
      'customer_note',
      'delivery_instructions',
      'payment_phone',
      'street',
    ],
    kept: [
      'cancel_reason',
      'delivery_zone_name',
      'discount_code',
      'lpo_number',
      'order_number',
      'vat_business_name',
      'vat_business_tin',
    ],
    none: ['currency', 'delivery_time_label', 'idempotency_key', 'request_hash'],
  },
  payment_refunds: {
    erased: ['provider_response'],
    kept: ['failure_reason', 'provider_refund_id', 'reason', 'status', 'subject_id'],
    none: ['idempotency_key', 'restock_lines'],
  },
  payment_transactions: {
    erased: ['next_action', 'phone', 'phone_masked', 'provider_response'],
    kept: ['failure_reason', 'provider_transaction_id', 'reference', 'subject_id', 'subject_label'],
    none: ['currency'],
  },
  payment_webhook_deliveries: {
    erased: ['payload'],
    kept: ['event', 'outcome', 'provider_transaction_id', 'reference'],
    none: ['delivery_key'],
  },
  privacy_breaches: { none: ['data_affected', 'recorded_by_name', 'what', 'who_was_told'] },
  product_images: { none: ['alt', 'media_hash', 'url', 'widths'] },
  product_reviews: { kept: ['body', 'title'], none: ['hidden_reason'] },
  product_slug_redirects: { none: ['slug'] },
  product_variants: { none: ['name', 'sku'] },
  products: {
    none: [
      'awards',
      'country',
      'description',
      'food_pairing',
      'name',
      'name_folded',
      'region',
      'search_text',
      'slug',
      'tasting_notes',
      'varietal',
    ],
  },
  push_subscriptions: { erased: ['auth', 'endpoint', 'p256dh', 'user_agent'] },
  rate_limits: { none: ['key'] },
  retention_settings: { none: ['settings', 'updated_by_name'] },
  review_reports: { erased: ['note', 'reason'] },
  rider_actions: { erased: ['result'], none: ['kind'] },
  rsvps: { erased: ['dietary_needs', 'guest_names', 'note'], kept: ['ticket_code'] },
  sandbox_charges: {
    erased: ['email', 'fullname', 'phone', 'processor_response'],
    kept: ['reference'],
    none: ['currency', 'redirect_url'],
  },
  sandbox_refunds: { none: ['comments', 'status'] },
  sessions: { erased: ['ip_address', 'token', 'user_agent'] },
  shop_settings: { none: ['settings', 'updated_by_name'] },
  sms_messages: {
    erased: ['body', 'last_error', 'phone'],
    kept: ['cost', 'kind', 'provider', 'provider_message_id', 'provider_status', 'state'],
    none: ['idempotency_key'],
  },
  sms_phone_codes: { erased: ['code_hash', 'phone'] },
  sms_preferences: { erased: ['verified_phone'] },
  stock_movements: { none: ['actor_name', 'note', 'reason'] },
  ticket_invoices: { kept: ['invoice_number', 'ticket_code'], none: ['shop_tin'] },
  users: { erased: ['default_delivery_address', 'disabled_reason', 'email', 'image', 'name', 'phone'] },
  verifications: { erased: ['identifier', 'value'] },
};
