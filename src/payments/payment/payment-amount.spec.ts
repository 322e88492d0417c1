import { ApiError } from '../../common/errors/api-errors';
import { paymentAmount } from './payments.service';

/** The amount a client sets on a payment (create, update, credit): more than 0, at most the currency's decimal places (2 by default), within the money columns' 8 integer digits. */
describe('paymentAmount', () => {
  const refusal = (value: string | null) => {
    try {
      paymentAmount(value);
    } catch (error) {
      return (error as ApiError).getResponse();
    }
    return 'accepted';
  };

  it('keeps amounts of up to 2 decimal places, written with cents', () => {
    expect(paymentAmount('12.30')).toBe('12.30');
    expect(paymentAmount('12.3')).toBe('12.30');
    expect(paymentAmount('7')).toBe('7.00');
    expect(paymentAmount('0.01')).toBe('0.01');
    expect(paymentAmount('12.300')).toBe('12.30');
    expect(paymentAmount('99999999.99')).toBe('99999999.99');
  });

  it('refuses more decimal places, zero or less, too much, and nothing, each on `amount`', () => {
    const on = (message: string) => expect.objectContaining({ errors: { amount: [message] } });
    expect(refusal('12.345')).toEqual(on('must have at most 2 decimal places'));
    expect(refusal('1.005')).toEqual(on('must have at most 2 decimal places'));
    expect(refusal('0.001')).toEqual(on('must be greater than 0'));
    expect(refusal('0')).toEqual(on('must be greater than 0'));
    expect(refusal('-1.00')).toEqual(on('must be greater than 0'));
    expect(refusal('100000000.00')).toEqual(on('must be less than or equal to 99999999.99'));
    expect(refusal(null)).toEqual(on('is not a number'));
  });
});
