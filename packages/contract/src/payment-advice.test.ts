import { describe, expect, it } from 'vitest';
import { classifyPaymentFailure, PAYMENT_FAILURE_KINDS, paymentAdvice } from './payment-advice';

describe('classifyPaymentFailure', () => {
  // Each provider wording seen in Flutterwave's, MTN's and Airtel's documentation, case by case.
  it.each([
    ['Insufficient funds', 'insufficient_funds'],
    ['NOT_ENOUGH_FUNDS', 'insufficient_funds'],
    ['LOW_BALANCE_OR_PAYEE_LIMIT_REACHED_OR_NOT_ALLOWED', 'insufficient_funds'],
    ['DP00800001007: Not enough balance', 'insufficient_funds'],
    ['INTERNAL_PROCESSING_ERROR', 'insufficient_funds'],
    ['Invalid PIN', 'wrong_pin'],
    ['DP00800001002 Incorrect pin has been entered', 'wrong_pin'],
    ['PAYER_LIMIT_REACHED', 'limit_reached'],
    ['[MpesaCB - ]Declined due to limit rule: would exceed the daily transfer limit.', 'limit_reached'],
    ['DP00800001003 Exceeds withdrawal amount limit', 'limit_reached'],
    ['RESOURCE_ALREADY_EXIST', 'pending_elsewhere'],
    ['DP00800001006 Transaction in pending state', 'pending_elsewhere'],
    ['There is already a pending transaction on this number', 'pending_elsewhere'],
    ['[Controller - ]Activity timed out', 'not_approved_in_time'],
    ['COULD_NOT_PERFORM_TRANSACTION', 'not_approved_in_time'],
    ['DP00800001024 Transaction Timed Out', 'not_approved_in_time'],
    ['APPROVAL_REJECTED', 'declined_on_phone'],
    ['Declined by the customer on their phone', 'declined_on_phone'],
    ['PAYMENT_NOT_APPROVED', 'declined_on_phone'],
    ['DP00800001008 The transaction was refused', 'declined_on_phone'],
    ['PAYER_NOT_FOUND', 'number_not_registered'],
    ['SERVICE_UNAVAILABLE', 'network_unreachable'],
    [
      '[Controller - ]An IOException was thrown while trying to execute the Http method',
      'network_unreachable',
    ],
    ['The Http Server replied with a 5XX status code', 'network_unreachable'],
    ['Something nobody has seen before', 'unknown'],
  ] as const)('%s → %s', (reason, kind) => {
    expect(classifyPaymentFailure(reason, 'failed')).toBe(kind);
  });

  it('reads the status first: an expired request was not approved in time, a cancelled one was replaced', () => {
    expect(classifyPaymentFailure('Not approved within 15 minutes', 'expired')).toBe('not_approved_in_time');
    expect(classifyPaymentFailure('Insufficient funds', 'cancelled')).toBe('cancelled');
    expect(classifyPaymentFailure(null, 'failed')).toBe('unknown');
  });
});

describe('paymentAdvice', () => {
  it('names the network’s wallet and approvals code', () => {
    expect(paymentAdvice('pending_elsewhere', 'MTN')).toContain('*165#');
    expect(paymentAdvice('pending_elsewhere', 'AIRTEL')).toContain('*185#');
    expect(paymentAdvice('insufficient_funds', 'MTN')).toMatch(/MTN MoMo.*Top up.*Airtel Money/);
    expect(paymentAdvice('wrong_pin', 'AIRTEL')).toContain('Airtel Money PIN');
  });

  it('has a message for every kind, each saying what to do next', () => {
    for (const kind of PAYMENT_FAILURE_KINDS) {
      for (const network of ['MTN', 'AIRTEL'] as const) {
        expect(paymentAdvice(kind, network).length).toBeGreaterThan(30);
      }
    }
  });
});
