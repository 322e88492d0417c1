/**
 * The demo catalog, transcribed from Spree 2.2's `sample/db/samples/*.rb`
 * (products, variants, option types and values, product option types,
 * product properties, taxonomies and taxons, stock, and the image metadata
 * of assets.rb). Plain data: `sample-data.ts` loads it.
 *
 * Differences from Spree's sample, on purpose:
 * - Spree writes `Faker::Lorem.paragraph` as each description; we use one
 *   fixed paragraph so the catalog is the same on every machine.
 * - Spree gives each master a USD and a EUR price; the store has one currency,
 *   so each product carries both amounts and the loader picks the store's
 *   (EUR for a EUR store, the USD amount otherwise).
 * - Products all get the store's `Default` tax category (Spree's sample used
 *   a `Clothing` one for clothing and none for mugs).
 * - Images keep the names, types and dimensions of Spree's sample files, but
 *   their pictures are drawn at seed time (sample-pictures.ts): a coloured tile
 *   with the product's name.
 */

export interface SampleOptionValue {
  name: string;
  presentation: string;
  position: number;
}

export interface SampleOptionType {
  name: string;
  presentation: string;
  position: number;
  values: SampleOptionValue[];
}

export interface SampleImage {
  fileName: string;
  contentType: 'image/jpeg' | 'image/png';
  fileSize: number | null;
  width: number | null;
  height: number | null;
  alt: string | null;
}

export interface SampleProduct {
  name: string;
  /** Master price in USD and in EUR, decimal strings. */
  price: { USD: string; EUR: string };
  /** Master variant's SKU and cost price (variants.rb `masters`). */
  sku: string;
  costPrice: string;
  /** Option type names, in position order (product_option_types.rb). */
  optionTypes: string[];
  /** Property name → value, in order (product_properties.rb). */
  properties: Array<[string, string]>;
  /** Images of the master variant, in position order (assets.rb). */
  images: SampleImage[];
}

export interface SampleVariant {
  product: string;
  sku: string;
  costPrice: string;
  /** Option value names (unique across the sample's option types). */
  optionValues: string[];
  images: SampleImage[];
}

export interface SampleTaxon {
  name: string;
  position: number;
  /** Product names classified under this taxon, in order. */
  products: string[];
  children: SampleTaxon[];
}

export interface SampleTaxonomy {
  name: string;
  position: number;
  /** Children of the root taxon (which is named like the taxonomy). */
  taxons: SampleTaxon[];
}

/** stock.rb: one stock movement of 10 for every variant's stock item (masters included). */
export const SAMPLE_STOCK_COUNT = 10;

export const SAMPLE_DESCRIPTION =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Vivamus feugiat, nisl sed tincidunt ' +
  'vehicula, lorem erat porta velit, id tempor lectus justo at ipsum. Praesent sed nibh non risus ' +
  'sodales pulvinar in eu nulla.';

const jpeg = (fileName: string, fileSize: number, side: number): SampleImage => ({
  fileName: `${fileName}.jpeg`,
  contentType: 'image/jpeg',
  fileSize,
  width: side,
  height: side,
  alt: null,
});

const png = (fileName: string, fileSize: number, width: number, height: number): SampleImage => ({
  fileName: `${fileName}.png`,
  contentType: 'image/png',
  fileSize,
  width,
  height,
  alt: null,
});

export const SAMPLE_OPTION_TYPES: SampleOptionType[] = [
  {
    name: 'tshirt-size',
    presentation: 'Size',
    position: 1,
    values: [
      { name: 'Small', presentation: 'S', position: 1 },
      { name: 'Medium', presentation: 'M', position: 2 },
      { name: 'Large', presentation: 'L', position: 3 },
      { name: 'Extra Large', presentation: 'XL', position: 4 },
    ],
  },
  {
    name: 'tshirt-color',
    presentation: 'Color',
    position: 2,
    values: [
      { name: 'Red', presentation: 'Red', position: 1 },
      { name: 'Green', presentation: 'Green', position: 2 },
      { name: 'Blue', presentation: 'Blue', position: 3 },
    ],
  },
];

const SHIRT_WILSON: Array<[string, string]> = [
  ['Manufacturer', 'Wilson'],
  ['Brand', 'Wannabe Sports'],
  ['Model', 'JK1002'],
  ['Shirt Type', 'Baseball Jersey'],
  ['Sleeve Type', 'Long'],
  ['Made from', '100% cotton'],
  ['Fit', 'Loose'],
  ['Gender', "Men's"],
];
const SHIRT_SPAGHETTI: Array<[string, string]> = [
  ['Manufacturer', 'Jerseys'],
  ['Brand', 'Resiliance'],
  ['Model', 'TL174'],
  ['Shirt Type', 'Jr. Spaghetti T'],
  ['Sleeve Type', 'None'],
  ['Made from', '90% Cotton, 10% Nylon'],
  ['Fit', 'Form'],
  ['Gender', "Women's"],
];
const SHIRT_RINGER: Array<[string, string]> = [
  ['Manufacturer', 'Jerseys'],
  ['Brand', 'Conditioned'],
  ['Model', 'TL9002'],
  ['Shirt Type', 'Ringer T'],
  ['Sleeve Type', 'Short'],
  ['Made from', '100% Vellum'],
  ['Fit', 'Loose'],
  ['Gender', "Men's"],
];
const MUG_SIZE = '4.5" tall, 3.25" dia.';
const STEIN_SIZE = '6.75" tall, 3.75" dia. base, 3" dia. rim';
const TOTE_SIZE = '15" x 18" x 6"';
const BAG_SIZE = '14 1/2" x 12" x 5"';

/** In Spree's creation order (products.rb). */
export const SAMPLE_PRODUCTS: SampleProduct[] = [
  {
    name: 'Ruby on Rails Tote',
    price: { USD: '15.99', EUR: '14.00' },
    sku: 'ROR-00011',
    costPrice: '17.00',
    optionTypes: [],
    properties: [
      ['Type', 'Tote'],
      ['Size', TOTE_SIZE],
      ['Material', 'Canvas'],
    ],
    images: [jpeg('ror_tote', 31490, 360), jpeg('ror_tote_back', 28620, 360)],
  },
  {
    name: 'Ruby on Rails Bag',
    price: { USD: '22.99', EUR: '19.00' },
    sku: 'ROR-10012',
    costPrice: '21.00',
    optionTypes: [],
    properties: [
      ['Type', 'Messenger'],
      ['Size', BAG_SIZE],
      ['Material', '600 Denier Polyester'],
    ],
    images: [jpeg('ror_bag', 28230, 360)],
  },
  {
    name: 'Ruby on Rails Baseball Jersey',
    price: { USD: '19.99', EUR: '16.00' },
    sku: 'ROR-001',
    costPrice: '17.00',
    optionTypes: ['tshirt-size', 'tshirt-color'],
    properties: SHIRT_WILSON,
    images: [jpeg('ror_baseball', 27626, 360), jpeg('ror_baseball_back', 23490, 360)],
  },
  {
    name: 'Ruby on Rails Jr. Spaghetti',
    price: { USD: '19.99', EUR: '16.00' },
    sku: 'ROR-00013',
    costPrice: '17.00',
    optionTypes: [],
    properties: SHIRT_SPAGHETTI,
    images: [jpeg('ror_jr_spaghetti', 14083, 360)],
  },
  {
    name: 'Ruby on Rails Ringer T-Shirt',
    price: { USD: '19.99', EUR: '16.00' },
    sku: 'ROR-00015',
    costPrice: '17.00',
    optionTypes: [],
    properties: SHIRT_RINGER,
    images: [jpeg('ror_ringer', 18252, 360), jpeg('ror_ringer_back', 13276, 360)],
  },
  {
    name: 'Ruby Baseball Jersey',
    price: { USD: '19.99', EUR: '16.00' },
    sku: 'RUB-00001',
    costPrice: '17.00',
    optionTypes: [],
    properties: [],
    images: [png('ruby_baseball', 138622, 495, 477)],
  },
  {
    name: 'Apache Baseball Jersey',
    price: { USD: '19.99', EUR: '16.00' },
    sku: 'APC-00001',
    costPrice: '17.00',
    optionTypes: [],
    properties: [],
    images: [png('apache_baseball', 123779, 504, 484)],
  },
  {
    name: 'Spree Baseball Jersey',
    price: { USD: '19.99', EUR: '16.00' },
    sku: 'SPR-00001',
    costPrice: '17.00',
    optionTypes: ['tshirt-size', 'tshirt-color'],
    properties: SHIRT_WILSON,
    images: [jpeg('spree_jersey', 18012, 480), jpeg('spree_jersey_back', 17868, 480)],
  },
  {
    name: 'Spree Jr. Spaghetti',
    price: { USD: '19.99', EUR: '16.00' },
    sku: 'SPR-00013',
    costPrice: '17.00',
    optionTypes: [],
    properties: SHIRT_SPAGHETTI,
    images: [jpeg('spree_spaghetti', 5898, 480)],
  },
  {
    name: 'Spree Ringer T-Shirt',
    price: { USD: '19.99', EUR: '16.00' },
    sku: 'SPR-00015',
    costPrice: '17.00',
    optionTypes: [],
    properties: SHIRT_RINGER,
    images: [jpeg('spree_ringer_t', 17641, 480), jpeg('spree_ringer_t_back', 10514, 480)],
  },
  {
    name: 'Spree Tote',
    price: { USD: '15.99', EUR: '14.00' },
    sku: 'SPR-00011',
    costPrice: '13.00',
    optionTypes: [],
    properties: [
      ['Type', 'Tote'],
      ['Size', TOTE_SIZE],
    ],
    images: [jpeg('spree_tote_front', 44579, 480), jpeg('spree_tote_back', 16947, 480)],
  },
  {
    name: 'Spree Bag',
    price: { USD: '22.99', EUR: '19.00' },
    sku: 'SPR-00012',
    costPrice: '21.00',
    optionTypes: [],
    properties: [
      ['Type', 'Messenger'],
      ['Size', BAG_SIZE],
    ],
    images: [jpeg('spree_bag', 38369, 480)],
  },
  {
    name: 'Ruby on Rails Mug',
    price: { USD: '13.99', EUR: '12.00' },
    sku: 'ROR-00014',
    costPrice: '11.00',
    optionTypes: [],
    properties: [
      ['Type', 'Mug'],
      ['Size', MUG_SIZE],
    ],
    images: [jpeg('ror_mug', 20026, 360), jpeg('ror_mug_back', 10929, 360)],
  },
  {
    name: 'Ruby on Rails Stein',
    price: { USD: '16.99', EUR: '14.00' },
    sku: 'ROR-00016',
    costPrice: '15.00',
    optionTypes: [],
    properties: [
      ['Type', 'Stein'],
      ['Size', STEIN_SIZE],
    ],
    images: [jpeg('ror_stein', 20714, 360), jpeg('ror_stein_back', 20619, 360)],
  },
  {
    name: 'Spree Stein',
    price: { USD: '16.99', EUR: '14.00' },
    sku: 'SPR-00016',
    costPrice: '15.00',
    optionTypes: [],
    properties: [
      ['Type', 'Stein'],
      ['Size', STEIN_SIZE],
    ],
    images: [jpeg('spree_stein', 12999, 480), jpeg('spree_stein_back', 12687, 480)],
  },
  {
    name: 'Spree Mug',
    price: { USD: '13.99', EUR: '12.00' },
    sku: 'SPR-00014',
    costPrice: '11.00',
    optionTypes: [],
    properties: [
      ['Type', 'Mug'],
      ['Size', MUG_SIZE],
    ],
    images: [jpeg('spree_mug', 4148, 240), jpeg('spree_mug_back', 4428, 240)],
  },
];

/** assets.rb gives each Ruby on Rails Baseball Jersey variant its colour's front and back image. */
const JERSEY_IMAGES: Record<string, SampleImage[]> = {
  Red: [png('ror_baseball_jersey_red', 44463, 240, 240), png('ror_baseball_jersey_back_red', 36895, 240, 240)],
  Green: [png('ror_baseball_jersey_green', 45744, 240, 240), png('ror_baseball_jersey_back_green', 39641, 240, 240)],
  Blue: [png('ror_baseball_jersey_blue', 46277, 240, 240), png('ror_baseball_jersey_back_blue', 38424, 240, 240)],
};

const jersey = (sku: string, size: string, color: string): SampleVariant => ({
  product: 'Ruby on Rails Baseball Jersey',
  sku,
  costPrice: '17.00',
  optionValues: [size, color],
  images: JERSEY_IMAGES[color],
});

/** variants.rb (the non-master variants; each costs what its master does). */
export const SAMPLE_VARIANTS: SampleVariant[] = [
  jersey('ROR-00001', 'Small', 'Red'),
  jersey('ROR-00002', 'Small', 'Blue'),
  jersey('ROR-00003', 'Small', 'Green'),
  jersey('ROR-00004', 'Medium', 'Red'),
  jersey('ROR-00005', 'Medium', 'Blue'),
  jersey('ROR-00006', 'Medium', 'Green'),
  jersey('ROR-00007', 'Large', 'Red'),
  jersey('ROR-00008', 'Large', 'Blue'),
  jersey('ROR-00009', 'Large', 'Green'),
  jersey('ROR-00012', 'Extra Large', 'Green'),
];

/**
 * taxonomies.rb and taxons.rb. (taxons.rb also lists a parentless "Brands"
 * taxon and a "Categories" one; Spree skips taxons without a parent, the
 * roots being made by the taxonomies, so they are not here either.)
 */
export const SAMPLE_TAXONOMIES: SampleTaxonomy[] = [
  {
    name: 'Categories',
    position: 0,
    taxons: [
      {
        name: 'Bags',
        position: 1,
        products: ['Ruby on Rails Tote', 'Ruby on Rails Bag', 'Spree Tote', 'Spree Bag'],
        children: [],
      },
      {
        name: 'Mugs',
        position: 2,
        products: ['Ruby on Rails Mug', 'Ruby on Rails Stein', 'Spree Stein', 'Spree Mug'],
        children: [],
      },
      {
        name: 'Clothing',
        position: 0,
        products: [],
        children: [
          {
            name: 'Shirts',
            position: 0,
            products: ['Ruby on Rails Jr. Spaghetti', 'Spree Jr. Spaghetti'],
            children: [],
          },
          {
            name: 'T-Shirts',
            position: 0,
            products: [
              'Ruby on Rails Baseball Jersey',
              'Ruby on Rails Ringer T-Shirt',
              'Apache Baseball Jersey',
              'Ruby Baseball Jersey',
              'Spree Baseball Jersey',
              'Spree Ringer T-Shirt',
            ],
            children: [],
          },
        ],
      },
    ],
  },
  {
    name: 'Brand',
    position: 0,
    taxons: [
      { name: 'Ruby', position: 0, products: ['Ruby Baseball Jersey'], children: [] },
      { name: 'Apache', position: 0, products: ['Apache Baseball Jersey'], children: [] },
      {
        name: 'Spree',
        position: 0,
        products: ['Spree Stein', 'Spree Mug', 'Spree Ringer T-Shirt', 'Spree Baseball Jersey', 'Spree Tote', 'Spree Bag', 'Spree Jr. Spaghetti'],
        children: [],
      },
      {
        name: 'Rails',
        position: 0,
        products: [
          'Ruby on Rails Tote',
          'Ruby on Rails Bag',
          'Ruby on Rails Mug',
          'Ruby on Rails Stein',
          'Ruby on Rails Baseball Jersey',
          'Ruby on Rails Jr. Spaghetti',
          'Ruby on Rails Ringer T-Shirt',
        ],
        children: [],
      },
    ],
  },
];
