import { ByteLru } from './byte-lru';

describe('ByteLru', () => {
  it('keeps entries while their bytes fit, dropping the least recently used first', () => {
    const lru = new ByteLru<string, number>(100);
    lru.set('a', 1, 40);
    lru.set('b', 2, 40);
    expect(lru.get('a')).toBe(1); // a is now more recent than b
    lru.set('c', 3, 40); // 120 > 100: b goes
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.bytes).toBe(80);
    expect(lru.size).toBe(2);
  });

  it('never holds more than its budget, however many entries come', () => {
    const lru = new ByteLru<number, string>(1000);
    for (let i = 0; i < 500; i++) {
      lru.set(i, 'x', 1 + (i % 97));
      expect(lru.bytes).toBeLessThanOrEqual(1000);
    }
    expect(lru.get(499)).toBe('x');
  });

  it('replaces an entry of the same key, counting only its new size', () => {
    const lru = new ByteLru<string, string>(100);
    lru.set('a', 'old', 60);
    lru.set('a', 'new', 30);
    expect(lru.get('a')).toBe('new');
    expect(lru.bytes).toBe(30);
  });

  it('does not keep an entry larger than the budget, nor anything with a budget of 0', () => {
    const lru = new ByteLru<string, string>(50);
    lru.set('small', 's', 10);
    lru.set('big', 'b', 51);
    expect(lru.get('big')).toBeUndefined();
    expect(lru.get('small')).toBe('s');
    const none = new ByteLru<string, string>(0);
    none.set('a', 'a', 1);
    expect(none.size).toBe(0);
  });

  it('forgets a deleted entry and its bytes', () => {
    const lru = new ByteLru<string, string>(100);
    lru.set('a', 'a', 70);
    lru.delete('a');
    expect(lru.bytes).toBe(0);
    lru.set('b', 'b', 100);
    expect(lru.get('b')).toBe('b');
  });
});
