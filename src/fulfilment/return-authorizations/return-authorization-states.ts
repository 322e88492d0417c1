/**
 * Return authorization states and events (Spree 2.2 `return_authorization.rb`)
 * as a table. An authorization starts `authorized`; receiving the goods
 * (which needs at least one unit on it, checked by the caller) or canceling
 * it ends it.
 */
export const RETURN_AUTHORIZATION_STATES = ['authorized', 'received', 'canceled'] as const;
export type ReturnAuthorizationState = (typeof RETURN_AUTHORIZATION_STATES)[number];
export type ReturnAuthorizationEvent = 'receive' | 'cancel';

const TRANSITIONS: Record<ReturnAuthorizationEvent, { from: ReturnAuthorizationState[]; to: ReturnAuthorizationState }> = {
  receive: { from: ['authorized'], to: 'received' },
  cancel: { from: ['authorized'], to: 'canceled' },
};

/** The state after `event`, or null when the event does not apply. */
export function returnAuthorizationTransition(state: ReturnAuthorizationState, event: ReturnAuthorizationEvent): ReturnAuthorizationState | null {
  const t = TRANSITIONS[event];
  return t.from.includes(state) ? t.to : null;
}

/**
 * Only an authorization still `authorized` may change (attributes, units) or
 * be deleted: once received, its credit and restocked units are booked; once
 * canceled, it is history.
 */
export function isOpen(state: ReturnAuthorizationState): boolean {
  return state === 'authorized';
}
