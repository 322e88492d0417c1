import { isOpen, RETURN_AUTHORIZATION_STATES, ReturnAuthorizationEvent, returnAuthorizationTransition } from './return-authorization-states';

const EVENTS: ReturnAuthorizationEvent[] = ['receive', 'cancel'];

describe('return authorization states', () => {
  it('move as the table says: from authorized only', () => {
    const table = Object.fromEntries(EVENTS.map((event) => [event, Object.fromEntries(RETURN_AUTHORIZATION_STATES.map((s) => [s, returnAuthorizationTransition(s, event)]))]));
    expect(table).toEqual({
      receive: { authorized: 'received', received: null, canceled: null },
      cancel: { authorized: 'canceled', received: null, canceled: null },
    });
  });

  it('only an authorization still authorized is open to changes', () => {
    expect(RETURN_AUTHORIZATION_STATES.filter(isOpen)).toEqual(['authorized']);
  });
});
