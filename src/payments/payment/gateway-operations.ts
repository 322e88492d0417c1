import type { GatewayResponse } from './gateways/gateway';
import type { MoneyOperation, OperationStatus, PaymentProvider, ProviderCall } from './gateways/payment-provider';

export type { MoneyOperation };

/** The operations that take or hold money: undone (voided or credited) when their request does not commit. */
export type ChargeOperation = 'authorize' | 'purchase' | 'capture';
/** The operations that give money back or release a hold: they cannot be undone, only booked. */
export type GivingBackOperation = 'void' | 'credit';

/**
 * A row's life: `pending` (written, committed, before the gateway is called) →
 * `declined` (nothing done) or `answered` (the gateway's reference kept) →
 * `settled` (by the request's own transaction: it committed). When the request
 * does not commit, a charge goes `compensating` → `compensated` (voided or
 * credited back); a void or credit, which cannot be undone, becomes `unbooked`
 * (done at the gateway, not in the books) until the next void or credit of its
 * payment books it or a person settles it. A row whose process died while it
 * was `pending` or `compensating` cannot say what the gateway did: the
 * provider's `status` is asked, and without an answer it becomes `unknown`,
 * logged for a person to check.
 */
export type GatewayOperationState = 'pending' | 'declined' | 'answered' | 'settled' | 'compensating' | 'compensated' | 'unbooked' | 'unknown';

export function isCharge(operation: MoneyOperation): operation is ChargeOperation {
  return operation === 'authorize' || operation === 'purchase' || operation === 'capture';
}

/**
 * What becomes of an answered operation whose request did not commit: an authorization is voided (the hold
 * released), money taken is credited back in full, an attempt still waiting for the customer is voided (nothing
 * is held yet); a void or a credit is left `unbooked` (money given back cannot be taken again).
 */
export function afterRollback(operation: MoneyOperation, customerAction: boolean): { compensation: 'void' | 'credit' } | 'unbooked' {
  return isCharge(operation) ? { compensation: compensationOf(operation, customerAction) } : 'unbooked';
}

/** The compensation of a charge (see `afterRollback`). */
export function compensationOf(operation: ChargeOperation, customerAction = false): 'void' | 'credit' {
  return operation === 'authorize' || customerAction ? 'void' : 'credit';
}

/** The key a journal row's call is sent with, and its compensation's (`-void`, `-credit`): stable, so a repeat is not done twice. */
export function idempotencyKeyOf(rowId: string, compensation?: 'void' | 'credit'): string {
  return compensation ? `gateway-operation-${rowId}-${compensation}` : `gateway-operation-${rowId}`;
}

/** What a compensation needs of its row. */
export interface CompensatedRow {
  id: string;
  operation: ChargeOperation;
  customerAction: boolean;
  amountCents: number;
  currency: string;
  authorization: string | null;
  payment: ProviderCall['payment'];
}

/** Asks the provider to undo a charge; a provider that throws is a refusal (tried again later, with the same key). */
export async function compensate(provider: PaymentProvider | undefined, call: Pick<ProviderCall, 'settings'>, row: CompensatedRow): Promise<GatewayResponse> {
  if (!provider) return refusal('no payment provider for this payment method type');
  const kind = compensationOf(row.operation, row.customerAction);
  const base = { settings: call.settings, idempotencyKey: idempotencyKeyOf(row.id, kind), payment: row.payment, authorization: row.authorization };
  try {
    return kind === 'void' ? await provider.void(base) : await provider.credit({ ...base, amount: row.amountCents, currency: row.currency });
  } catch (error) {
    return refusal(error instanceof Error ? error.message : String(error));
  }
}

function refusal(message: string): GatewayResponse {
  return { success: false, message, authorization: null, avsResult: null };
}

/**
 * Where a row a dead process left goes, from what the provider's `status` says of the call it lost (null: the
 * provider cannot tell). A lost call (`pending`): not done → `declined`; done → `answered` (a charge, then
 * compensated) or `unbooked` (a void or credit); waiting for the customer → `answered`, voided. A lost
 * compensation (`compensating`): done → `compensated`; not done → `answered` (tried again).
 */
export function afterLostAnswer(
  row: { state: 'pending' | 'compensating'; operation: MoneyOperation },
  status: OperationStatus | null,
): { state: 'declined' | 'answered' | 'unbooked' | 'compensated' | 'unknown'; customerAction?: boolean } {
  if (!status) return { state: 'unknown' };
  if (row.state === 'compensating') {
    if (status.outcome === 'done') return { state: 'compensated' };
    if (status.outcome === 'not_done' || status.outcome === 'declined') return { state: 'answered' };
    return { state: 'unknown' };
  }
  switch (status.outcome) {
    case 'not_done':
    case 'declined':
      return { state: 'declined' };
    case 'done':
      return { state: isCharge(row.operation) ? 'answered' : 'unbooked' };
    case 'awaiting_customer':
      return isCharge(row.operation) ? { state: 'answered', customerAction: true } : { state: 'unknown' };
  }
}
