import { compensate, compensationOf } from './gateway-operations';
import { BogusGateway } from './gateways/bogus.gateway';
import { Gateway } from './gateways/gateway';

describe('compensationOf', () => {
  it('voids an authorization and credits what was taken', () => {
    expect(compensationOf('authorize')).toBe('void');
    expect(compensationOf('purchase')).toBe('credit');
    expect(compensationOf('capture')).toBe('credit');
  });
});

describe('compensate', () => {
  it('asks the gateway for the void or the credit of the whole amount, with the reference it gave', () => {
    const gateway = new BogusGateway();
    const voided = jest.spyOn(gateway, 'void');
    const credited = jest.spyOn(gateway, 'credit');
    expect(compensate(gateway, 'authorize', 2500, '12345').success).toBe(true);
    expect(voided).toHaveBeenCalledWith('12345');
    expect(compensate(gateway, 'capture', 2500, '12345').success).toBe(true);
    expect(credited).toHaveBeenCalledWith(2500, '12345');
  });

  it('reports a gateway that throws, or none, as a refusal', () => {
    const failing = { void: () => { throw new Error('connection reset'); } } as unknown as Gateway;
    expect(compensate(failing, 'authorize', 1, null)).toMatchObject({ success: false, message: 'connection reset' });
    expect(compensate(undefined, 'purchase', 1, null)).toMatchObject({ success: false });
  });
});
