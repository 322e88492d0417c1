import { LocationStock, PackableItem, packItems } from './stock-coordinator';

let nextLineItem = 1;
const lineItem = (variantId: number, quantity: number, options: Partial<PackableItem> = {}): PackableItem => ({
  lineItemId: nextLineItem++,
  variantId,
  quantity,
  trackInventory: true,
  name: `Variant ${variantId}`,
  shippingCategoryId: 1,
  amount: '10.00',
  ...options,
});
const stock = (location: number, variant: number, count: number, backorderable = false): LocationStock => ({ stock_location_id: location, variant_id: variant, count_on_hand: count, backorderable });

/** Packages as "location: line item onHand+backordered". */
function packed(items: PackableItem[], rows: LocationStock[]) {
  const result = packItems(items, rows);
  if (!result.ok) return { unavailable: result.unavailable.map((i) => i.lineItemId) };
  return Object.fromEntries(result.packages.map((p) => [p.stockLocationId, p.lines.map((l) => `${l.item.lineItemId}: ${l.onHand}+${l.backordered}`)]));
}

describe('packing an order into shipments (Spree Stock::Coordinator)', () => {
  it('takes units from the first location (by id) that has them on hand', () => {
    const shirt = lineItem(100, 3);
    expect(packed([shirt], [stock(1, 100, 5), stock(2, 100, 5)])).toEqual({ 1: [`${shirt.lineItemId}: 3+0`] });
  });

  it('splits a line item over locations when the first has too few', () => {
    const shirt = lineItem(100, 5);
    expect(packed([shirt], [stock(1, 100, 2), stock(2, 100, 10)])).toEqual({ 1: [`${shirt.lineItemId}: 2+0`], 2: [`${shirt.lineItemId}: 3+0`] });
  });

  it('backorders what no location has at the first location that takes backorders', () => {
    const shirt = lineItem(100, 5);
    expect(packed([shirt], [stock(1, 100, 2), stock(2, 100, 1, true), stock(3, 100, 0, true)])).toEqual({
      1: [`${shirt.lineItemId}: 2+0`],
      2: [`${shirt.lineItemId}: 1+2`],
    });
  });

  it('reads a count below zero as none on hand', () => {
    const shirt = lineItem(100, 2);
    expect(packed([shirt], [stock(1, 100, -3, true)])).toEqual({ 1: [`${shirt.lineItemId}: 0+2`] });
  });

  it('ships a variant that does not track inventory from the first location that stocks it, whatever its count', () => {
    const ebook = lineItem(200, 4, { trackInventory: false });
    expect(packed([ebook], [stock(2, 200, 0), stock(3, 200, 9)])).toEqual({ 2: [`${ebook.lineItemId}: 4+0`] });
  });

  it('packs several line items, one package per location, in the order of the locations', () => {
    const shirt = lineItem(100, 1);
    const mug = lineItem(101, 1);
    expect(packed([mug, shirt], [stock(2, 101, 1), stock(1, 100, 1)])).toEqual({ 1: [`${shirt.lineItemId}: 1+0`], 2: [`${mug.lineItemId}: 1+0`] });
  });

  it('cannot pack what is neither on hand nor backorderable, nor a variant no location stocks', () => {
    const short = lineItem(100, 3);
    const nowhere = lineItem(300, 1);
    const fine = lineItem(101, 1);
    expect(packed([short, fine, nowhere], [stock(1, 100, 2), stock(1, 101, 5)])).toEqual({ unavailable: [short.lineItemId, nowhere.lineItemId] });
  });
});
