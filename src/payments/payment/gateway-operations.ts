import type { Gateway, GatewayResponse } from './gateways/gateway';

/** The gateway operations that take or hold money: each is journaled (gateway_operations) and undone if its request does not commit. */
export type ChargeOperation = 'authorize' | 'purchase' | 'capture';

/**
 * A row's life: `pending` (written, committed, before the gateway is called) →
 * `declined` (nothing taken) or `answered` (the gateway's reference kept) →
 * `settled` (by the request's own transaction: it committed) or
 * `compensating` → `compensated` (its request did not commit). A row whose
 * process died while it was `pending` or `compensating` cannot say what the
 * gateway did: it becomes `unknown`, logged for a person to check.
 */
export type GatewayOperationState = 'pending' | 'declined' | 'answered' | 'settled' | 'compensating' | 'compensated' | 'unknown';

/** How an operation is undone: an authorization is voided (the hold released), money taken is credited back in full. */
export function compensationOf(operation: ChargeOperation): 'void' | 'credit' {
  return operation === 'authorize' ? 'void' : 'credit';
}

/** Asks the gateway to undo an operation; a gateway that throws is a refusal (tried again later). */
export function compensate(gateway: Gateway | undefined, operation: ChargeOperation, amountCents: number, authorization: string | null): GatewayResponse {
  if (!gateway) return { success: false, message: 'no gateway for this payment method type', authorization: null, avsResult: null };
  try {
    return compensationOf(operation) === 'void' ? gateway.void(authorization) : gateway.credit(amountCents, authorization);
  } catch (error) {
    return { success: false, message: error instanceof Error ? error.message : String(error), authorization: null, avsResult: null };
  }
}
