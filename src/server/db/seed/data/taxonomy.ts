import type { GlyphName } from '../art/glyphs';

export type UnitName = (typeof UNITS)[number];
export type Noun = string | readonly [name: string, minPrice: number, maxPrice: number];
/** Which size chart a sub-category's products come in, if any. */
export type SizeChart = 'apparel' | 'shoes';

export interface SubCategoryDef {
  name: string;
  slug: string;
  /**
   * What the products are called; a product name is brand + modifier + noun. A noun
   * with its own price range overrides the sub-category's (a bike lock is no bike).
   */
  nouns: readonly Noun[];
  modifiers: readonly string[];
  /** Brands that make this kind of product: a subset of the category's brands. */
  brands: readonly string[];
  /** Price range in whole dollars. */
  price: readonly [number, number];
  unit: UnitName;
  glyph: GlyphName;
  sizes?: SizeChart;
  colors?: boolean;
  /** Books take their titles from faker instead of brand + modifier + noun. */
  titles?: 'book';
}

export interface CategoryDef {
  name: string;
  slug: string;
  glyph: GlyphName;
  /** Base hue of the generated art, so a category's pictures look like a family. */
  hue: number;
  /** Relative share of the products. */
  weight: number;
  brands: readonly string[];
  features: readonly string[];
  subs: readonly SubCategoryDef[];
}

export const UNITS = ['pc', 'kg', 'g', 'l', 'ml', 'pair', 'set'] as const;

export const SIZE_CHARTS: Record<SizeChart, readonly string[]> = {
  apparel: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  shoes: ['38', '39', '40', '41', '42', '43', '44', '45'],
};

export const SIZES = [...SIZE_CHARTS.apparel, ...SIZE_CHARTS.shoes];

export const COLORS: readonly { name: string; code: string }[] = [
  { name: 'Black', code: '#111827' },
  { name: 'White', code: '#FFFFFF' },
  { name: 'Grey', code: '#6B7280' },
  { name: 'Silver', code: '#C0C0C0' },
  { name: 'Navy', code: '#1E3A8A' },
  { name: 'Blue', code: '#2563EB' },
  { name: 'Red', code: '#DC2626' },
  { name: 'Pink', code: '#EC4899' },
  { name: 'Green', code: '#16A34A' },
  { name: 'Olive', code: '#65743A' },
  { name: 'Beige', code: '#D6C7A1' },
  { name: 'Brown', code: '#7C4A21' },
  { name: 'Yellow', code: '#FACC15' },
  { name: 'Purple', code: '#7C3AED' },
];

const sub = (name: string, slug: string, rest: Omit<SubCategoryDef, 'name' | 'slug'>): SubCategoryDef => ({ name, slug, ...rest });

export const CATEGORIES: readonly CategoryDef[] = [
  {
    name: 'Fashion', slug: 'fashion', glyph: 'shirt', hue: 335, weight: 16,
    brands: ['Nordwear', 'Maison Lila', 'Urban Fable', 'Kiddo & Co', 'Atlas Leather'],
    features: ['Breathable fabric that keeps its shape wash after wash', 'Reinforced stitching at every seam', 'Machine washable at 30°C', 'Tailored for a comfortable, modern fit', 'Made with responsibly sourced cotton', 'Soft-touch finish that feels great on the skin'],
    subs: [
      sub("Men's Clothing", 'mens-clothing', { brands: ['Nordwear', 'Urban Fable'], glyph: 'shirt', sizes: 'apparel', colors: true, unit: 'pc', price: [12, 120], nouns: ['Oxford Shirt', 'Slim Fit Chinos', 'Crew Neck T-Shirt', 'Pullover Hoodie', 'Denim Jacket', 'Polo Shirt', 'Cargo Shorts', 'Wool Blazer'], modifiers: ['Classic', 'Slim Fit', 'Relaxed', 'Organic Cotton', 'Linen', 'Stretch', 'Heritage', 'Everyday'] }),
      sub("Women's Clothing", 'womens-clothing', { brands: ['Maison Lila', 'Urban Fable'], glyph: 'dress', sizes: 'apparel', colors: true, unit: 'pc', price: [15, 150], nouns: ['Wrap Dress', 'High-Rise Jeans', 'Silk Blouse', 'Knit Cardigan', 'Pleated Midi Skirt', 'Trench Coat', 'Ribbed Tank Top', 'Wide-Leg Trousers'], modifiers: ['Floral', 'Tailored', 'Oversized', 'Satin', 'Cotton', 'Vintage', 'Cropped', 'Belted'] }),
      sub("Kids' Clothing", 'kids-clothing', { brands: ['Kiddo & Co'], glyph: 'shirt', sizes: 'apparel', colors: true, unit: 'pc', price: [8, 45], nouns: ['Graphic Tee', 'Jogger Pants', 'Puffer Jacket', 'Pyjama Set', 'Denim Overalls', 'Party Dress'], modifiers: ['Playful', 'Cosy', 'Organic', 'Striped', 'Dino Print', 'Rainbow'] }),
      sub('Bags & Wallets', 'bags-wallets', { brands: ['Atlas Leather', 'Urban Fable'], glyph: 'bag', colors: true, unit: 'pc', price: [15, 180], nouns: ['Leather Tote', 'Crossbody Bag', 'Laptop Backpack', 'Bifold Wallet', 'Weekender Duffel', 'Card Holder'], modifiers: ['Vegan Leather', 'Canvas', 'Minimalist', 'Water-Resistant', 'Full-Grain', 'Travel'] }),
      sub('Watches & Jewellery', 'watches-jewellery', { brands: ['Atlas Leather', 'Maison Lila'], glyph: 'watch', colors: true, unit: 'pc', price: [20, 350], nouns: ['Chronograph Watch', 'Minimalist Watch', 'Sterling Silver Ring', 'Pendant Necklace', 'Hoop Earrings', 'Charm Bracelet'], modifiers: ['Rose Gold', 'Stainless Steel', 'Sterling', 'Handcrafted', 'Classic', 'Gold-Plated'] }),
    ],
  },
  {
    name: 'Shoes', slug: 'shoes', glyph: 'shoe', hue: 22, weight: 9,
    brands: ['Stridewell', 'Ferro Calzature', 'Solemate', 'Trailhound'],
    features: ['Cushioned insole for all-day comfort', 'Grippy rubber outsole', 'Lightweight construction', 'Padded collar and tongue', 'Easy to clean upper', 'True to size; order your usual size'],
    subs: [
      sub('Sneakers', 'sneakers', { brands: ['Stridewell', 'Trailhound', 'Solemate'], glyph: 'shoe', sizes: 'shoes', colors: true, unit: 'pair', price: [35, 160], nouns: ['Running Sneakers', 'Canvas Low-Tops', 'High-Top Sneakers', 'Slip-On Sneakers', 'Trail Runners'], modifiers: ['Lightweight', 'Breathable', 'Retro', 'Cushioned', 'Knit'] }),
      sub('Formal Shoes', 'formal-shoes', { brands: ['Ferro Calzature', 'Solemate'], glyph: 'shoe', sizes: 'shoes', colors: true, unit: 'pair', price: [60, 220], nouns: ['Oxford Shoes', 'Leather Loafers', 'Derby Shoes', 'Monk Strap Shoes', 'Brogues'], modifiers: ['Polished', 'Italian Leather', 'Suede', 'Handmade', 'Classic'] }),
      sub('Sandals & Slippers', 'sandals-slippers', { brands: ['Solemate', 'Stridewell'], glyph: 'shoe', sizes: 'shoes', colors: true, unit: 'pair', price: [10, 70], nouns: ['Flip-Flops', 'Slide Sandals', 'Strappy Sandals', 'House Slippers', 'Espadrilles'], modifiers: ['Comfort', 'Memory Foam', 'Woven', 'Beach', 'Cork'] }),
      sub('Boots', 'boots', { brands: ['Trailhound', 'Ferro Calzature', 'Stridewell'], glyph: 'boot', sizes: 'shoes', colors: true, unit: 'pair', price: [50, 200], nouns: ['Hiking Boots', 'Chelsea Boots', 'Rain Boots', 'Work Boots', 'Winter Boots'], modifiers: ['Waterproof', 'Insulated', 'Steel-Toe', 'Suede', 'All-Terrain'] }),
    ],
  },
  {
    name: 'Electronics', slug: 'electronics', glyph: 'phone', hue: 215, weight: 15,
    brands: ['Voltix', 'Lumera', 'Sonique', 'Pixelon', 'Orbitek'],
    features: ['Two-year manufacturer warranty', 'USB-C fast charging', 'Energy-efficient design', 'Firmware updates over the air', 'Includes charger and quick-start guide', 'Bluetooth 5.3 for a stable connection'],
    subs: [
      sub('Smartphones', 'smartphones', { brands: ['Voltix', 'Lumera', 'Orbitek'], glyph: 'phone', colors: true, unit: 'pc', price: [149, 1299], nouns: ['Smartphone 128GB', 'Smartphone 256GB', '5G Smartphone', 'Foldable Phone'], modifiers: ['Pro', 'Lite', 'Max', 'Ultra', 'Neo'] }),
      sub('Laptops', 'laptops', { brands: ['Orbitek', 'Lumera', 'Voltix'], glyph: 'laptop', colors: true, unit: 'pc', price: [299, 2499], nouns: ['14" Ultrabook', '15.6" Laptop', '2-in-1 Convertible', 'Gaming Laptop', 'Chromebook'], modifiers: ['Air', 'Pro', 'Studio', 'Flex', 'Creator'] }),
      sub('Audio', 'audio', { brands: ['Sonique', 'Voltix', 'Orbitek'], glyph: 'headphones', colors: true, unit: 'pc', price: [19, 399], nouns: ['Wireless Earbuds', 'Over-Ear Headphones', 'Bluetooth Speaker', 'Soundbar', 'Studio Monitors'], modifiers: ['Noise-Cancelling', 'Bass Boost', 'Portable', 'Hi-Fi', 'Waterproof'] }),
      sub('Cameras', 'cameras', { brands: ['Pixelon', 'Lumera'], glyph: 'camera', unit: 'pc', price: [39, 1599], nouns: [['Mirrorless Camera', 499, 1599], ['Action Camera', 99, 449], ['Instant Camera', 59, 149], ['Dash Cam', 39, 159], ['Webcam 1080p', 29, 99]], modifiers: ['4K', 'Compact', 'Vlog', 'Pro', 'Dual-Lens'] }),
      sub('Smart Watches', 'smart-watches', { brands: ['Voltix', 'Orbitek', 'Lumera'], glyph: 'watch', colors: true, unit: 'pc', price: [29, 449], nouns: ['Smart Watch', 'Fitness Tracker', 'Kids GPS Watch'], modifiers: ['Sport', 'AMOLED', 'Slim', 'Active', 'Pro'] }),
      sub('Accessories', 'electronics-accessories', { brands: ['Voltix', 'Orbitek', 'Sonique', 'Pixelon', 'Lumera'], glyph: 'plug', unit: 'pc', price: [8, 79], nouns: ['USB-C Charger 65W', 'Power Bank 20000mAh', 'Braided USB-C Cable', 'Wireless Charging Pad', 'Phone Case', 'Laptop Sleeve'], modifiers: ['Fast-Charge', 'Slim', 'Rugged', 'Magnetic', 'Compact'] }),
    ],
  },
  {
    name: 'Home & Kitchen', slug: 'home-kitchen', glyph: 'pot', hue: 160, weight: 12,
    brands: ['Casa Nova', 'HearthWare', 'Oakline', 'Dreamloft'],
    features: ['Easy to clean', 'Dishwasher safe parts', 'Sturdy build for years of daily use', 'Free from BPA and PFOA', 'Assembly takes under 20 minutes', 'Designed to fit compact spaces'],
    subs: [
      sub('Cookware', 'cookware', { brands: ['HearthWare', 'Casa Nova'], glyph: 'pot', unit: 'pc', price: [18, 180], nouns: ['Non-Stick Frying Pan', 'Cast Iron Skillet', 'Stainless Steel Saucepan', 'Dutch Oven', 'Carbon Steel Wok'], modifiers: ['Ceramic-Coated', 'Induction-Ready', 'Tri-Ply', 'Enamelled', 'Pre-Seasoned'] }),
      sub('Kitchen Appliances', 'kitchen-appliances', { brands: ['HearthWare', 'Casa Nova'], glyph: 'kettle', colors: true, unit: 'pc', price: [25, 450], nouns: ['Air Fryer 5.5L', 'Espresso Machine', 'Stand Mixer', 'High-Speed Blender', 'Electric Kettle', '2-Slice Toaster'], modifiers: ['Digital', 'Compact', 'Smart', 'Stainless', 'Quiet'] }),
      sub('Furniture', 'furniture', { brands: ['Oakline', 'Casa Nova'], glyph: 'chair', unit: 'pc', price: [45, 650], nouns: ['Coffee Table', 'Bookshelf', 'Accent Chair', 'Bedside Table', 'Office Desk'], modifiers: ['Scandinavian', 'Mid-Century', 'Solid Oak', 'Industrial', 'Modern'] }),
      sub('Bedding & Bath', 'bedding-bath', { brands: ['Dreamloft', 'Casa Nova'], glyph: 'bed', colors: true, unit: 'set', price: [15, 160], nouns: ['Bed Sheet Set', 'Duvet Cover Set', 'Memory Foam Pillow', 'Bath Towel Set', 'Weighted Blanket'], modifiers: ['Egyptian Cotton', 'Bamboo', 'Hypoallergenic', 'Plush', 'Linen'] }),
      sub('Home Decor', 'home-decor', { brands: ['Casa Nova', 'Oakline'], glyph: 'lamp', unit: 'pc', price: [9, 140], nouns: ['Ceramic Vase', 'Scented Candle', 'Round Wall Mirror', 'Throw Pillow', 'Table Lamp', 'Wall Clock'], modifiers: ['Handmade', 'Minimalist', 'Boho', 'Rattan', 'Marble'] }),
    ],
  },
  {
    name: 'Beauty & Personal Care', slug: 'beauty', glyph: 'bottle', hue: 295, weight: 10,
    brands: ['Glowé', 'Velvet Bloom', 'Pure Ritual', 'Maison Amara'],
    features: ['Dermatologically tested', 'Cruelty-free and vegan formula', 'Free from parabens and sulphates', 'Suitable for all skin types', 'Recyclable packaging', 'Lightweight texture that absorbs quickly'],
    subs: [
      sub('Skincare', 'skincare', { brands: ['Glowé', 'Pure Ritual'], glyph: 'bottle', unit: 'pc', price: [8, 65], nouns: ['Vitamin C Serum 30ml', 'Hydrating Face Cream 50ml', 'Gentle Foaming Cleanser 150ml', 'SPF 50 Sunscreen 50ml', 'Retinol Night Cream 50ml'], modifiers: ['Brightening', 'Hydrating', 'Oil-Free', 'Fragrance-Free', 'Overnight'] }),
      sub('Makeup', 'makeup', { brands: ['Velvet Bloom', 'Glowé'], glyph: 'lipstick', colors: true, unit: 'pc', price: [6, 55], nouns: ['Matte Lipstick', 'Liquid Foundation', 'Volumising Mascara', 'Eyeshadow Palette', 'Setting Powder'], modifiers: ['Long-Wear', 'Satin Finish', 'Waterproof', 'Natural Glow', 'Vegan'] }),
      sub('Hair Care', 'hair-care', { brands: ['Pure Ritual', 'Glowé'], glyph: 'bottle', unit: 'pc', price: [7, 120], nouns: [['Argan Oil Shampoo 400ml', 7, 24], ['Repair Conditioner 400ml', 7, 24], ['Ionic Hair Dryer', 29, 120], ['Ceramic Straightener', 25, 99], ['Hair Mask 250ml', 9, 29]], modifiers: ['Nourishing', 'Volumising', 'Anti-Frizz', 'Salon Pro', 'Curl-Defining'] }),
      sub('Fragrances', 'fragrances', { brands: ['Maison Amara', 'Velvet Bloom'], glyph: 'bottle', unit: 'ml', price: [12, 180], nouns: ['Eau de Parfum 50ml', 'Eau de Toilette 100ml', 'Body Mist 250ml', 'Solid Perfume'], modifiers: ['Amber', 'Citrus', 'Floral', 'Oud', 'Fresh Aquatic'] }),
    ],
  },
  {
    name: 'Sports & Outdoors', slug: 'sports-outdoors', glyph: 'ball', hue: 95, weight: 9,
    brands: ['Peakform', 'Velocita', 'Summit Trail', 'Kickoff'],
    features: ['Built for training in all weather', 'Non-slip grip', 'Sweat-wicking materials', 'Folds away for easy storage', 'Tested by amateur and pro athletes', 'Backed by a one-year warranty'],
    subs: [
      sub('Fitness', 'fitness', { brands: ['Peakform'], glyph: 'dumbbell', unit: 'pc', price: [9, 299], nouns: [['Yoga Mat 6mm', 15, 60], ['Adjustable Dumbbells', 99, 299], ['Resistance Band Set', 12, 40], ['Kettlebell 12kg', 29, 79], ['Foam Roller', 12, 39], ['Speed Jump Rope', 9, 25]], modifiers: ['Non-Slip', 'Pro', 'Eco', 'Heavy-Duty', 'Compact'] }),
      sub('Cycling', 'cycling', { brands: ['Velocita'], glyph: 'bike', unit: 'pc', price: [12, 899], nouns: [['Mountain Bike 29"', 399, 899], ['Road Bike Helmet', 35, 140], ['Bike Light Set', 12, 45], ['Cycling Gloves', 12, 40], ['Folding Bike Lock', 25, 90]], modifiers: ['Aero', 'Trail', 'Urban', 'Carbon', 'Commuter'] }),
      sub('Camping & Hiking', 'camping-hiking', { brands: ['Summit Trail'], glyph: 'tent', unit: 'pc', price: [15, 399], nouns: [['2-Person Tent', 79, 399], ['Sleeping Bag', 39, 199], ['Hiking Backpack 40L', 49, 189], ['Camping Stove', 25, 120], ['Trekking Poles', 19, 89]], modifiers: ['Ultralight', 'Waterproof', '3-Season', 'Packable', 'Expedition'] }),
      sub('Team Sports', 'team-sports', { brands: ['Kickoff'], glyph: 'ball', unit: 'pc', price: [12, 120], nouns: ['Football Size 5', 'Basketball', 'Cricket Bat', 'Volleyball', 'Badminton Racket Set'], modifiers: ['Match', 'Training', 'Pro', 'Indoor', 'Junior'] }),
      sub('Sportswear', 'sportswear', { brands: ['Peakform', 'Velocita', 'Kickoff'], glyph: 'shirt', sizes: 'apparel', colors: true, unit: 'pc', price: [14, 90], nouns: ['Running Shorts', 'Training T-Shirt', 'Track Jacket', 'Compression Leggings'], modifiers: ['Dri-Fast', 'Seamless', 'Lightweight', 'Reflective', 'Thermal'] }),
    ],
  },
  {
    name: 'Books', slug: 'books', glyph: 'book', hue: 40, weight: 8,
    brands: ['Penrose Books', 'Lantern House', 'Bluefin Press', 'Inkwell Kids'],
    features: ['Printed on acid-free paper', 'Includes a reading-group guide', 'Sewn binding that lies flat', 'Author interview at the back', 'An international bestseller', 'Ships in protective packaging'],
    subs: [
      sub('Fiction', 'fiction', { brands: ['Penrose Books', 'Lantern House', 'Bluefin Press'], glyph: 'book', titles: 'book', unit: 'pc', price: [8, 30], nouns: ['Paperback', 'Hardcover'], modifiers: [] }),
      sub('Non-Fiction', 'non-fiction', { brands: ['Penrose Books', 'Lantern House'], glyph: 'book', unit: 'pc', price: [10, 40], nouns: ['The Science of Sleep', 'A Short History of Money', 'Thinking in Systems', 'The Curious Mind', 'Leading With Purpose', 'Small Habits, Big Change'], modifiers: ['Paperback', 'Hardcover', 'Revised Edition'] }),
      sub("Children's Books", 'childrens-books', { brands: ['Inkwell Kids'], glyph: 'book', unit: 'pc', price: [5, 25], nouns: ['The Very Sleepy Dragon', 'Counting Stars', 'Max and the Moon', 'The Little Lighthouse', 'Ten Busy Bees'], modifiers: ['Board Book', 'Picture Book', 'Illustrated Edition'] }),
      sub('Comics & Graphic Novels', 'comics', { brands: ['Bluefin Press'], glyph: 'book', unit: 'pc', price: [9, 45], nouns: ['Skyline Guardians Vol. 1', 'Midnight Circuit', 'The Last Cartographer', 'Paper Samurai'], modifiers: ['Collected Edition', 'Deluxe Edition', 'Paperback'] }),
      sub('Cookbooks', 'cookbooks', { brands: ['Lantern House', 'Penrose Books'], glyph: 'book', unit: 'pc', price: [12, 45], nouns: ['Weeknight Vegetarian', 'The Bread Book', 'Flavours of the Levant', 'One-Pan Dinners', 'The Spice Kitchen'], modifiers: ['Hardcover', 'Paperback'] }),
    ],
  },
  {
    name: 'Toys & Games', slug: 'toys-games', glyph: 'blocks', hue: 48, weight: 7,
    brands: ['Playnest', 'Brightbox', 'Tinker Tots'],
    features: ['Meets EN 71 toy safety standards', 'Non-toxic, child-safe materials', 'Encourages creative play', 'Batteries not included', 'Recommended for ages 3 and up', 'Gift-ready box'],
    subs: [
      sub('Building Sets', 'building-sets', { brands: ['Brightbox', 'Tinker Tots'], glyph: 'blocks', unit: 'set', price: [12, 150], nouns: ['Building Blocks Set 500 pcs', 'Magnetic Tiles 60 pcs', 'Wooden Train Set', 'Robot Building Kit'], modifiers: ['Creative', 'Deluxe', 'Starter', 'Classic'] }),
      sub('Dolls & Figures', 'dolls-figures', { brands: ['Playnest', 'Brightbox'], glyph: 'bear', unit: 'pc', price: [8, 90], nouns: ['Fashion Doll', 'Action Figure', 'Plush Teddy Bear', 'Wooden Doll House'], modifiers: ['Collector', 'Super Soft', 'Poseable', 'Deluxe'] }),
      sub('Board Games & Puzzles', 'board-games-puzzles', { brands: ['Playnest', 'Brightbox'], glyph: 'puzzle', unit: 'pc', price: [10, 70], nouns: ['Strategy Board Game', '1000-Piece Jigsaw Puzzle', 'Family Card Game', 'Wooden Chess Set', 'Trivia Game'], modifiers: ['Family', 'Travel', 'Classic', 'Party'] }),
      sub('Outdoor Play', 'outdoor-play', { brands: ['Playnest', 'Tinker Tots'], glyph: 'ball', unit: 'pc', price: [10, 160], nouns: [['Kids Scooter', 29, 120], ['Water Blaster', 10, 35], ['Stunt Kite', 12, 45], ['Balance Bike', 49, 160], ['Sandpit Set', 10, 30]], modifiers: ['Foldable', 'Junior', 'Light-Up', 'Adventure'] }),
      sub('Educational Toys', 'educational-toys', { brands: ['Tinker Tots', 'Brightbox'], glyph: 'blocks', unit: 'set', price: [12, 120], nouns: ['STEM Science Kit', 'Coding Robot', 'Alphabet Puzzle', 'Microscope Kit'], modifiers: ['Discovery', 'Junior', 'Explorer', 'Smart'] }),
    ],
  },
  {
    name: 'Groceries', slug: 'groceries', glyph: 'apple', hue: 120, weight: 9,
    brands: ['Green Valley', 'Harvest Lane', 'Daily Dairy', 'Golden Spoon'],
    features: ['Sourced from trusted local farms', 'No artificial colours or preservatives', 'Store in a cool, dry place', 'Packed fresh on the day of dispatch', 'Suitable for vegetarians', 'Certified organic where stated'],
    subs: [
      sub('Fresh Produce', 'fresh-produce', { brands: ['Green Valley', 'Harvest Lane'], glyph: 'apple', unit: 'kg', price: [1, 9], nouns: ['Bananas', 'Hass Avocados', 'Gala Apples', 'Baby Spinach', 'Cherry Tomatoes', 'Sweet Potatoes'], modifiers: ['Organic', 'Farm Fresh', 'Local', 'Premium'] }),
      sub('Beverages', 'beverages', { brands: ['Harvest Lane', 'Golden Spoon'], glyph: 'cup', unit: 'l', price: [2, 18], nouns: ['Orange Juice 1L', 'Sparkling Water 1.5L', 'Green Tea 100 Bags', 'Ground Coffee 500g', 'Cold Brew Coffee 1L'], modifiers: ['Organic', 'Fair Trade', 'No Added Sugar', 'Premium'] }),
      sub('Snacks', 'snacks', { brands: ['Golden Spoon', 'Harvest Lane'], glyph: 'apple', unit: 'g', price: [1, 12], nouns: ['Sea Salt Potato Chips 150g', 'Dark Chocolate Bar 100g', 'Trail Mix 400g', 'Granola Bars 6-Pack', 'Roasted Almonds 250g'], modifiers: ['Organic', 'Gluten-Free', 'Protein', 'Classic'] }),
      sub('Pantry Staples', 'pantry-staples', { brands: ['Golden Spoon', 'Green Valley'], glyph: 'pot', unit: 'kg', price: [2, 25], nouns: ['Basmati Rice 5kg', 'Extra Virgin Olive Oil 1L', 'Whole Wheat Pasta 500g', 'Wildflower Honey 500g', 'Rolled Oats 1kg'], modifiers: ['Organic', 'Premium', 'Stone-Ground', 'Cold-Pressed'] }),
      sub('Dairy & Eggs', 'dairy-eggs', { brands: ['Daily Dairy'], glyph: 'cup', unit: 'pc', price: [1, 12], nouns: ['Free-Range Eggs (12)', 'Greek Yoghurt 500g', 'Mature Cheddar 200g', 'Whole Milk 1L', 'Salted Butter 250g'], modifiers: ['Organic', 'Farmhouse', 'Low-Fat', 'Grass-Fed'] }),
    ],
  },
  {
    name: 'Pet Supplies', slug: 'pet-supplies', glyph: 'paw', hue: 185, weight: 5,
    brands: ['Happy Tails', 'Purrfect', 'AquaLux'],
    features: ['Vet-approved design', 'Made with natural ingredients', 'Durable and easy to clean', 'Suitable for all breeds', 'Money-back happiness guarantee', 'Recyclable packaging'],
    subs: [
      sub('Dog Supplies', 'dog-supplies', { brands: ['Happy Tails'], glyph: 'paw', colors: true, unit: 'pc', price: [6, 120], nouns: [['Grain-Free Dog Food 10kg', 39, 95], ['Rope Chew Toy', 6, 15], ['Reflective Dog Leash', 9, 29], ['Orthopaedic Dog Bed', 39, 120], ['No-Pull Dog Harness', 15, 45]], modifiers: ['Premium', 'Durable', 'All-Weather', 'Comfort'] }),
      sub('Cat Supplies', 'cat-supplies', { brands: ['Purrfect'], glyph: 'paw', unit: 'pc', price: [5, 140], nouns: [['Indoor Cat Food 4kg', 19, 45], ['Cat Scratching Post', 15, 49], ['Clumping Cat Litter 10L', 6, 19], ['Cat Tree Tower', 49, 140], ['Feather Wand Toy', 5, 12]], modifiers: ['Premium', 'Natural', 'Odour-Control', 'Deluxe'] }),
      sub('Fish & Aquatics', 'fish-aquatics', { brands: ['AquaLux'], glyph: 'fish', unit: 'pc', price: [4, 220], nouns: [['Aquarium Starter Kit 60L', 69, 220], ['Tropical Fish Flakes 100g', 4, 12], ['Aquarium Filter', 19, 79], ['LED Aquarium Light', 25, 90]], modifiers: ['Quiet', 'Eco', 'Complete', 'Pro'] }),
    ],
  },
];
