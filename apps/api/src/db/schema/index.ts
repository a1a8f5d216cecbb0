/**
 * Every table, gathered for Drizzle's relational queries. Each feature keeps its tables in a
 * file of its own beside this one.
 */
export * from './audit';
export * from './catalog';
export * from './catalog-imports';
export * from './companies';
export * from './company-accounts';
export * from './consents';
export * from './data-exports';
export * from './deliveries';
export * from './discounts';
export * from './efris';
export * from './efris-goods';
export * from './email';
export * from './engagement';
export * from './erasure';
export * from './events';
export * from './gifts';
export * from './hampers';
export * from './identity';
export * from './notifications';
export * from './orders';
export * from './payments';
export * from './refunds';
export * from './settings';
export * from './sms';
export * from './stock';
