// Words the generated store is made of. The benchmark's searches pick from the
// same lists, so a search term finds what a shopper's would: many products for
// a common word, a few for a rarer combination.
export const WORDS = {
  adjectives: ['Classic', 'Rustic', 'Sleek', 'Vintage', 'Modern', 'Cozy', 'Rugged', 'Elegant', 'Lightweight', 'Heavy', 'Soft', 'Bold', 'Minimal', 'Urban', 'Coastal', 'Alpine', 'Handmade', 'Everyday', 'Premium', 'Essential'],
  materials: ['Cotton', 'Linen', 'Wool', 'Denim', 'Leather', 'Canvas', 'Silk', 'Cashmere', 'Fleece', 'Nylon', 'Bamboo', 'Hemp', 'Corduroy', 'Suede', 'Jersey'],
  nouns: ['Shirt', 'Jacket', 'Hoodie', 'Sweater', 'Trousers', 'Shorts', 'Dress', 'Skirt', 'Scarf', 'Beanie', 'Cap', 'Tote', 'Backpack', 'Wallet', 'Belt', 'Socks', 'Gloves', 'Vest', 'Blazer', 'Cardigan', 'Polo', 'Parka', 'Apron', 'Poncho', 'Kimono'],
  firstnames: ['Ava', 'Liam', 'Noah', 'Emma', 'Olivia', 'Mia', 'Lucas', 'Ethan', 'Sofia', 'Amelia', 'James', 'Harper', 'Elijah', 'Chloe', 'Mateo', 'Zoe', 'Aria', 'Leo', 'Nora', 'Hugo'],
  lastnames: ['Smith', 'Johnson', 'Garcia', 'Brown', 'Miller', 'Davis', 'Lopez', 'Wilson', 'Taylor', 'Moore', 'Clark', 'Lewis', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker'],
  streets: ['Main Street', 'Oak Avenue', 'Maple Drive', 'Cedar Lane', 'Park Road', 'Elm Street', 'Pine Court', 'Lake View', 'Hill Road', 'River Walk'],
  cities: ['Springfield', 'Riverside', 'Franklin', 'Greenville', 'Bristol', 'Clinton', 'Fairview', 'Salem', 'Madison', 'Georgetown', 'Arlington', 'Ashland'],
};
export const COLORS = ['Red', 'Blue', 'Green', 'Black', 'White', 'Grey', 'Navy', 'Olive', 'Beige', 'Burgundy', 'Mustard', 'Teal'];
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
export const CATEGORIES = [
  'Shirts', 'T-Shirts', 'Jackets', 'Coats', 'Hoodies', 'Sweaters', 'Trousers', 'Jeans', 'Shorts', 'Dresses', 'Skirts', 'Scarves', 'Hats', 'Bags', 'Wallets',
  'Belts', 'Socks', 'Gloves', 'Vests', 'Blazers', 'Cardigans', 'Polos', 'Outerwear', 'Loungewear', 'Sportswear', 'Swimwear', 'Workwear', 'Accessories',
  'Kids', 'Baby', 'Outlet', 'New Arrivals', 'Gifts', 'Travel', 'Rainwear', 'Knitwear', 'Basics', 'Denim', 'Leather Goods', 'Sale',
];
export const BRANDS = [
  'Northwind', 'Bluebird', 'Ironwood', 'Foxglove', 'Harbor & Co', 'Sunday Best', 'Tall Pines', 'Copperline', 'Marlow', 'Juniper', 'Redstone', 'Wildflower',
  'Greyhound', 'Oakridge', 'Silverleaf', 'Atlas', 'Beacon', 'Driftwood', 'Evergreen', 'Falcon', 'Granite', 'Hawthorn', 'Indigo', 'Kestrel', 'Lantern',
  'Meridian', 'Nomad', 'Orchard', 'Pioneer', 'Quarry',
];
