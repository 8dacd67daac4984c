import type { GlyphName } from '../art/glyphs';

export type UnitName = (typeof UNITS)[number];
/** Which size chart a sub-category's products come in, if any. */
export type SizeChart = 'apparel' | 'shoes';

/**
 * What a product is: its name (brand + modifier + noun, lib: product-text.ts), the picture
 * drawn for it, and, when the sub-category's would not fit it, its own price range (a bike
 * lock is no bike) and its own modifiers (a rain boot is not sold as "waterproof", a webcam
 * not as "4K"). Translations: data/i18n/nouns.ts.
 */
export interface NounDef<Name extends string = string, Modifier extends string = string> {
  name: Name;
  glyph: GlyphName;
  price?: readonly [number, number];
  modifiers?: readonly Modifier[];
}

export interface SubCategoryDef {
  name: string;
  slug: string;
  nouns: readonly NounDef[];
  /** The modifiers every noun of the sub-category takes unless it names its own. */
  modifiers: readonly string[];
  /** Brands that make this kind of product: a subset of the category's brands. */
  brands: readonly string[];
  /** Price range in whole dollars. */
  price: readonly [number, number];
  unit: UnitName;
  /** The sub-category's tile; products show their noun's glyph. */
  glyph: GlyphName;
  sizes?: SizeChart;
  colors?: boolean;
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

export const COLORS = [
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
] as const satisfies readonly { name: string; code: string }[];

export type ColorName = (typeof COLORS)[number]['name'];

// The helpers keep every name a literal type, so the dictionaries of data/i18n must name
// each one: a noun, modifier, brand or feature without a translation does not compile.
const n = <const Name extends string, const Modifier extends string = never>(
  name: Name,
  glyph: GlyphName,
  own: { price?: readonly [number, number]; modifiers?: readonly Modifier[] } = {},
): NounDef<Name, Modifier> => ({ name, glyph, ...own });

const sub = <const Name extends string, const Slug extends string, const Rest extends Omit<SubCategoryDef, 'name' | 'slug'>>(name: Name, slug: Slug, rest: Rest) => ({ name, slug, ...rest });

const FICTION = [
  'The Silent Orchard', 'Letters from the Lighthouse', 'A Winter in Lisbon', 'The Clockmaker’s Daughter', 'Salt and Saffron', 'The Last Train to Tangier',
  'Under the Fig Tree', 'The Map of Lost Rivers', 'The Glass Garden', 'Songs of the Desert Wind', 'The House on Cedar Hill', 'A Season of Small Miracles',
] as const;

export const CATEGORIES = [
  {
    name: 'Fashion', slug: 'fashion', glyph: 'shirt', hue: 335, weight: 16,
    brands: ['Nordwear', 'Maison Lila', 'Urban Fable', 'Kiddo & Co', 'Atlas Leather'],
    features: ['Breathable fabric that keeps its shape wash after wash', 'Reinforced stitching at every seam', 'Machine washable at 30°C', 'Tailored for a comfortable, modern fit', 'Made with responsibly sourced cotton', 'Soft-touch finish that feels great on the skin'],
    subs: [
      sub("Men's Clothing", 'mens-clothing', { brands: ['Nordwear', 'Urban Fable'], glyph: 'buttonShirt', sizes: 'apparel', colors: true, unit: 'pc', price: [12, 120], modifiers: ['Classic', 'Slim Fit', 'Relaxed', 'Organic Cotton', 'Linen', 'Stretch', 'Heritage', 'Everyday'], nouns: [
        n('Oxford Shirt', 'buttonShirt'), n('Chino Trousers', 'trousers'), n('Crew Neck T-Shirt', 'shirt'), n('Pullover Hoodie', 'hoodie', { modifiers: ['Classic', 'Relaxed', 'Organic Cotton', 'Heritage', 'Everyday'] }),
        n('Denim Jacket', 'jacket', { modifiers: ['Classic', 'Relaxed', 'Organic Cotton', 'Heritage', 'Stretch'] }), n('Polo Shirt', 'polo'), n('Cargo Shorts', 'shorts', { modifiers: ['Classic', 'Relaxed', 'Organic Cotton', 'Linen', 'Everyday'] }),
        n('Wool Blazer', 'jacket', { modifiers: ['Classic', 'Slim Fit', 'Heritage', 'Relaxed'] }),
      ] }),
      sub("Women's Clothing", 'womens-clothing', { brands: ['Maison Lila', 'Urban Fable'], glyph: 'dress', sizes: 'apparel', colors: true, unit: 'pc', price: [15, 150], modifiers: ['Floral Print', 'Tailored', 'Oversized', 'Satin', 'Cotton', 'Vintage', 'Cropped', 'Belted'], nouns: [
        n('Wrap Dress', 'dress', { modifiers: ['Floral Print', 'Satin', 'Cotton', 'Vintage'] }), n('High-Rise Jeans', 'trousers', { modifiers: ['Vintage', 'Cropped', 'Belted', 'Stretch'] }),
        n('Silk Blouse', 'buttonShirt', { modifiers: ['Floral Print', 'Tailored', 'Oversized', 'Vintage', 'Cropped'] }), n('Knit Cardigan', 'jacket', { modifiers: ['Oversized', 'Cotton', 'Vintage', 'Cropped', 'Belted'] }),
        n('Pleated Midi Skirt', 'skirt', { modifiers: ['Floral Print', 'Satin', 'Vintage', 'Belted'] }), n('Trench Coat', 'coat', { modifiers: ['Tailored', 'Oversized', 'Vintage', 'Belted', 'Cotton'] }),
        n('Ribbed Tank Top', 'tank', { modifiers: ['Cotton', 'Cropped', 'Oversized', 'Vintage'] }), n('Wide-Leg Trousers', 'trousers'),
      ] }),
      sub("Kids' Clothing", 'kids-clothing', { brands: ['Kiddo & Co'], glyph: 'shirt', sizes: 'apparel', colors: true, unit: 'pc', price: [8, 45], modifiers: ['Playful', 'Cosy', 'Organic', 'Striped', 'Dino Print', 'Rainbow'], nouns: [
        n('Graphic Tee', 'shirt'), n('Jogger Pants', 'trousers'), n('Puffer Jacket', 'jacket'), n('Pyjama Set', 'pyjamas'), n('Denim Overalls', 'overalls', { modifiers: ['Playful', 'Organic', 'Striped', 'Rainbow'] }), n('Party Dress', 'dress'),
      ] }),
      sub('Bags & Wallets', 'bags-wallets', { brands: ['Atlas Leather', 'Urban Fable'], glyph: 'bag', colors: true, unit: 'pc', price: [15, 180], modifiers: ['Vegan Leather', 'Canvas', 'Minimalist', 'Water-Resistant', 'Full-Grain Leather', 'Travel'], nouns: [
        n('Tote Bag', 'bag'), n('Crossbody Bag', 'crossbody'), n('Laptop Backpack', 'backpack'), n('Bifold Wallet', 'wallet', { modifiers: ['Vegan Leather', 'Canvas', 'Minimalist', 'Full-Grain Leather'] }),
        n('Weekender Duffel', 'duffel', { modifiers: ['Vegan Leather', 'Canvas', 'Water-Resistant', 'Full-Grain Leather'] }), n('Card Holder', 'wallet', { modifiers: ['Vegan Leather', 'Minimalist', 'Full-Grain Leather'] }),
      ] }),
      sub('Watches & Jewellery', 'watches-jewellery', { brands: ['Atlas Leather', 'Maison Lila'], glyph: 'watch', colors: true, unit: 'pc', price: [20, 350], modifiers: ['Rose Gold', 'Sterling Silver', 'Handcrafted', 'Gold-Plated'], nouns: [
        n('Chronograph Watch', 'watch', { modifiers: ['Rose Gold', 'Stainless Steel', 'Classic', 'Gold-Plated'] }), n('Minimalist Watch', 'watch', { modifiers: ['Rose Gold', 'Stainless Steel', 'Classic', 'Gold-Plated'] }),
        n('Stacking Ring', 'ring'), n('Pendant Necklace', 'necklace'), n('Hoop Earrings', 'earrings'), n('Charm Bracelet', 'bracelet'),
      ] }),
    ],
  },
  {
    name: 'Shoes', slug: 'shoes', glyph: 'shoe', hue: 22, weight: 9,
    brands: ['Stridewell', 'Ferro Calzature', 'Solemate', 'Trailhound'],
    features: ['Cushioned insole for all-day comfort', 'Grippy rubber outsole', 'Lightweight construction', 'Padded collar and tongue', 'Easy to clean upper', 'True to size; order your usual size'],
    subs: [
      sub('Sneakers', 'sneakers', { brands: ['Stridewell', 'Trailhound', 'Solemate'], glyph: 'shoe', sizes: 'shoes', colors: true, unit: 'pair', price: [35, 160], modifiers: ['Lightweight', 'Breathable', 'Retro', 'Cushioned', 'Knit'], nouns: [
        n('Running Sneakers', 'shoe'), n('Canvas Low-Tops', 'shoe', { modifiers: ['Lightweight', 'Breathable', 'Retro', 'Classic'] }), n('High-Top Sneakers', 'shoe'), n('Slip-On Sneakers', 'shoe'), n('Trail Runners', 'shoe', { modifiers: ['Lightweight', 'Breathable', 'Cushioned', 'Waterproof'] }),
      ] }),
      sub('Formal Shoes', 'formal-shoes', { brands: ['Ferro Calzature', 'Solemate'], glyph: 'dressShoe', sizes: 'shoes', colors: true, unit: 'pair', price: [60, 220], modifiers: ['Polished', 'Italian Leather', 'Suede', 'Handmade', 'Classic'], nouns: [
        n('Oxford Shoes', 'dressShoe'), n('Penny Loafers', 'dressShoe'), n('Derby Shoes', 'dressShoe'), n('Monk Strap Shoes', 'dressShoe'), n('Brogues', 'dressShoe'),
      ] }),
      sub('Sandals & Slippers', 'sandals-slippers', { brands: ['Solemate', 'Stridewell'], glyph: 'sandal', sizes: 'shoes', colors: true, unit: 'pair', price: [10, 70], modifiers: ['Comfort', 'Memory Foam', 'Woven', 'Beach', 'Cork'], nouns: [
        n('Flip-Flops', 'sandal', { modifiers: ['Comfort', 'Memory Foam', 'Beach', 'Cork'] }), n('Slide Sandals', 'sandal'), n('Strappy Sandals', 'sandal', { modifiers: ['Comfort', 'Woven', 'Beach', 'Cork'] }),
        n('House Slippers', 'slipper', { modifiers: ['Comfort', 'Memory Foam', 'Woven'] }), n('Espadrilles', 'slipper', { modifiers: ['Comfort', 'Woven', 'Beach'] }),
      ] }),
      sub('Boots', 'boots', { brands: ['Trailhound', 'Ferro Calzature', 'Stridewell'], glyph: 'boot', sizes: 'shoes', colors: true, unit: 'pair', price: [50, 200], modifiers: ['Waterproof', 'Insulated', 'Suede'], nouns: [
        n('Hiking Boots', 'boot', { modifiers: ['Waterproof', 'Insulated', 'All-Terrain', 'Suede'] }), n('Chelsea Boots', 'boot'), n('Rain Boots', 'boot', { modifiers: ['Insulated', 'Classic'] }),
        n('Work Boots', 'boot', { modifiers: ['Waterproof', 'Insulated', 'Steel-Toe'] }), n('Winter Boots', 'boot'),
      ] }),
    ],
  },
  {
    name: 'Electronics', slug: 'electronics', glyph: 'phone', hue: 215, weight: 15,
    brands: ['Voltix', 'Lumera', 'Sonique', 'Pixelon', 'Orbitek'],
    features: ['Two-year manufacturer warranty', 'USB-C fast charging', 'Energy-efficient design', 'Firmware updates over the air', 'Includes charger and quick-start guide', 'Bluetooth 5.3 for a stable connection'],
    subs: [
      sub('Smartphones', 'smartphones', { brands: ['Voltix', 'Lumera', 'Orbitek'], glyph: 'phone', colors: true, unit: 'pc', price: [149, 1299], modifiers: ['Pro', 'Lite', 'Max', 'Ultra', 'Neo'], nouns: [
        n('Smartphone 128GB', 'phone'), n('Smartphone 256GB', 'phone'), n('5G Smartphone', 'phone'), n('Foldable Phone', 'phone'),
      ] }),
      sub('Laptops', 'laptops', { brands: ['Orbitek', 'Lumera', 'Voltix'], glyph: 'laptop', colors: true, unit: 'pc', price: [299, 2499], modifiers: ['Air', 'Pro', 'Studio', 'Flex', 'Creator'], nouns: [
        n('14" Ultrabook', 'laptop'), n('15.6" Laptop', 'laptop'), n('2-in-1 Convertible', 'laptop'), n('Gaming Laptop', 'laptop'), n('Chromebook', 'laptop'),
      ] }),
      sub('Audio', 'audio', { brands: ['Sonique', 'Voltix', 'Orbitek'], glyph: 'headphones', colors: true, unit: 'pc', price: [19, 399], modifiers: ['Bass Boost', 'Hi-Fi'], nouns: [
        n('Wireless Earbuds', 'earbuds', { modifiers: ['Noise-Cancelling', 'Bass Boost', 'Waterproof', 'Hi-Fi'] }), n('Over-Ear Headphones', 'headphones', { modifiers: ['Noise-Cancelling', 'Bass Boost', 'Hi-Fi'] }),
        n('Bluetooth Speaker', 'speaker', { modifiers: ['Bass Boost', 'Portable', 'Waterproof', 'Hi-Fi'] }), n('Soundbar', 'soundbar', { modifiers: ['Bass Boost', 'Hi-Fi', 'Slim'] }), n('Studio Monitors', 'speaker'),
      ] }),
      sub('Cameras', 'cameras', { brands: ['Pixelon', 'Lumera'], glyph: 'camera', unit: 'pc', price: [39, 1599], modifiers: ['4K', 'Compact', 'Vlog', 'Pro', 'Dual-Lens'], nouns: [
        n('Mirrorless Camera', 'camera', { price: [499, 1599], modifiers: ['4K', 'Compact', 'Vlog', 'Pro'] }), n('Action Camera', 'camera', { price: [99, 449] }), n('Instant Camera', 'camera', { price: [59, 149], modifiers: ['Compact', 'Retro'] }),
        n('Dash Cam', 'camera', { price: [39, 159], modifiers: ['4K', 'Compact', 'Dual-Lens', 'Pro'] }), n('Webcam 1080p', 'webcam', { price: [29, 99], modifiers: ['Compact', 'Pro', 'Vlog'] }),
      ] }),
      sub('Smart Watches', 'smart-watches', { brands: ['Voltix', 'Orbitek', 'Lumera'], glyph: 'smartwatch', colors: true, unit: 'pc', price: [29, 449], modifiers: ['Sport', 'AMOLED', 'Slim', 'Active', 'Pro'], nouns: [
        n('Smart Watch', 'smartwatch'), n('Fitness Tracker', 'smartwatch'), n('Kids GPS Watch', 'smartwatch', { modifiers: ['Sport', 'Slim', 'Active'] }),
      ] }),
      sub('Accessories', 'electronics-accessories', { brands: ['Voltix', 'Orbitek', 'Sonique', 'Pixelon', 'Lumera'], glyph: 'plug', unit: 'pc', price: [8, 79], modifiers: ['Fast-Charge', 'Slim', 'Rugged', 'Magnetic', 'Compact'], nouns: [
        n('USB-C Charger 65W', 'plug', { modifiers: ['Fast-Charge', 'Compact', 'Slim'] }), n('Power Bank 20000mAh', 'powerBank'), n('Braided USB-C Cable', 'cable', { modifiers: ['Fast-Charge', 'Rugged', 'Magnetic'] }),
        n('Wireless Charging Pad', 'chargingPad', { modifiers: ['Fast-Charge', 'Slim', 'Magnetic'] }), n('Phone Case', 'phoneCase', { modifiers: ['Slim', 'Rugged', 'Magnetic'] }), n('Laptop Sleeve', 'laptopSleeve', { modifiers: ['Slim', 'Rugged'] }),
      ] }),
    ],
  },
  {
    name: 'Home & Kitchen', slug: 'home-kitchen', glyph: 'pot', hue: 160, weight: 12,
    brands: ['Casa Nova', 'HearthWare', 'Oakline', 'Dreamloft'],
    features: ['Easy to clean', 'Dishwasher safe parts', 'Sturdy build for years of daily use', 'Free from BPA and PFOA', 'Assembly takes under 20 minutes', 'Designed to fit compact spaces'],
    subs: [
      sub('Cookware', 'cookware', { brands: ['HearthWare', 'Casa Nova'], glyph: 'pot', unit: 'pc', price: [18, 180], modifiers: ['Induction-Ready', 'Pre-Seasoned'], nouns: [
        n('Non-Stick Frying Pan', 'pan', { modifiers: ['Ceramic-Coated', 'Induction-Ready'] }), n('Cast Iron Skillet', 'pan', { modifiers: ['Pre-Seasoned', 'Enamelled'] }),
        n('Stainless Steel Saucepan', 'saucepan', { modifiers: ['Induction-Ready', 'Tri-Ply'] }), n('Dutch Oven', 'pot', { modifiers: ['Enamelled', 'Pre-Seasoned', 'Induction-Ready'] }), n('Carbon Steel Wok', 'pan'),
      ] }),
      sub('Kitchen Appliances', 'kitchen-appliances', { brands: ['HearthWare', 'Casa Nova'], glyph: 'kettle', colors: true, unit: 'pc', price: [25, 450], modifiers: ['Digital', 'Compact', 'Smart', 'Stainless Steel', 'Quiet'], nouns: [
        n('Air Fryer 5.5L', 'airFryer'), n('Espresso Machine', 'espresso'), n('Stand Mixer', 'mixer', { modifiers: ['Compact', 'Stainless Steel', 'Quiet'] }), n('High-Speed Blender', 'blender'), n('Electric Kettle', 'kettle'),
        n('2-Slice Toaster', 'toaster', { modifiers: ['Digital', 'Compact', 'Stainless Steel'] }),
      ] }),
      sub('Furniture', 'furniture', { brands: ['Oakline', 'Casa Nova'], glyph: 'chair', unit: 'pc', price: [45, 650], modifiers: ['Scandinavian', 'Mid-Century', 'Solid Oak', 'Industrial', 'Modern'], nouns: [
        n('Coffee Table', 'table'), n('Bookshelf', 'bookshelf'), n('Accent Chair', 'chair'), n('Bedside Table', 'nightstand'), n('Office Desk', 'desk'),
      ] }),
      sub('Bedding & Bath', 'bedding-bath', { brands: ['Dreamloft', 'Casa Nova'], glyph: 'bed', colors: true, unit: 'set', price: [15, 160], modifiers: ['Egyptian Cotton', 'Bamboo', 'Hypoallergenic', 'Linen'], nouns: [
        n('Bed Sheet Set', 'bed'), n('Duvet Cover Set', 'bed'), n('Memory Foam Pillow', 'pillow', { modifiers: ['Hypoallergenic', 'Bamboo'] }), n('Bath Towel Set', 'towel', { modifiers: ['Egyptian Cotton', 'Bamboo', 'Plush'] }),
        n('Weighted Blanket', 'blanket', { modifiers: ['Bamboo', 'Plush', 'Hypoallergenic'] }),
      ] }),
      sub('Home Decor', 'home-decor', { brands: ['Casa Nova', 'Oakline'], glyph: 'lamp', unit: 'pc', price: [9, 140], modifiers: ['Handmade', 'Minimalist', 'Boho'], nouns: [
        n('Ceramic Vase', 'vase'), n('Scented Candle', 'candle'), n('Round Wall Mirror', 'mirror', { modifiers: ['Minimalist', 'Boho', 'Rattan'] }), n('Throw Cushion', 'pillow'),
        n('Table Lamp', 'lamp', { modifiers: ['Minimalist', 'Rattan', 'Marble', 'Boho'] }), n('Wall Clock', 'clock', { modifiers: ['Minimalist', 'Marble', 'Boho'] }),
      ] }),
    ],
  },
  {
    name: 'Beauty & Personal Care', slug: 'beauty', glyph: 'bottle', hue: 295, weight: 10,
    brands: ['Glowé', 'Velvet Bloom', 'Pure Ritual', 'Maison Amara'],
    features: ['Dermatologically tested', 'Cruelty-free and vegan formula', 'Free from parabens and sulphates', 'Suitable for all skin types', 'Recyclable packaging', 'Lightweight texture that absorbs quickly'],
    subs: [
      sub('Skincare', 'skincare', { brands: ['Glowé', 'Pure Ritual'], glyph: 'serum', unit: 'pc', price: [8, 65], modifiers: ['Brightening', 'Hydrating', 'Oil-Free', 'Fragrance-Free'], nouns: [
        n('Vitamin C Serum 30ml', 'serum'), n('Face Cream 50ml', 'jar', { modifiers: ['Hydrating', 'Oil-Free', 'Fragrance-Free', 'Overnight'] }), n('Gentle Foaming Cleanser 150ml', 'bottle'),
        n('SPF 50 Sunscreen 50ml', 'tube', { modifiers: ['Oil-Free', 'Fragrance-Free', 'Hydrating'] }), n('Retinol Night Cream 50ml', 'jar', { modifiers: ['Brightening', 'Fragrance-Free', 'Hydrating'] }),
      ] }),
      sub('Makeup', 'makeup', { brands: ['Velvet Bloom', 'Glowé'], glyph: 'lipstick', colors: true, unit: 'pc', price: [6, 55], modifiers: ['Long-Wear', 'Vegan'], nouns: [
        n('Matte Lipstick', 'lipstick'), n('Liquid Foundation', 'bottle', { modifiers: ['Long-Wear', 'Satin Finish', 'Natural Glow', 'Vegan'] }), n('Volumising Mascara', 'mascara', { modifiers: ['Long-Wear', 'Waterproof', 'Vegan'] }),
        n('Eyeshadow Palette', 'palette', { modifiers: ['Satin Finish', 'Vegan', 'Long-Wear'] }), n('Setting Powder', 'compact', { modifiers: ['Long-Wear', 'Natural Glow', 'Vegan'] }),
      ] }),
      sub('Hair Care', 'hair-care', { brands: ['Pure Ritual', 'Glowé'], glyph: 'bottle', unit: 'pc', price: [7, 120], modifiers: ['Nourishing', 'Volumising', 'Anti-Frizz', 'Curl-Defining'], nouns: [
        n('Argan Oil Shampoo 400ml', 'bottle', { price: [7, 24] }), n('Repair Conditioner 400ml', 'bottle', { price: [7, 24] }), n('Ionic Hair Dryer', 'hairDryer', { price: [29, 120], modifiers: ['Salon Pro', 'Compact'] }),
        n('Ceramic Straightener', 'straightener', { price: [25, 99], modifiers: ['Salon Pro', 'Compact'] }), n('Hair Mask 250ml', 'jar', { price: [9, 29] }),
      ] }),
      sub('Fragrances', 'fragrances', { brands: ['Maison Amara', 'Velvet Bloom'], glyph: 'perfume', unit: 'ml', price: [12, 180], modifiers: ['Amber', 'Citrus', 'Floral', 'Oud', 'Fresh Aquatic'], nouns: [
        n('Eau de Parfum 50ml', 'perfume'), n('Eau de Toilette 100ml', 'perfume'), n('Body Mist 250ml', 'perfume'), n('Solid Perfume', 'jar'),
      ] }),
    ],
  },
  {
    name: 'Sports & Outdoors', slug: 'sports-outdoors', glyph: 'ball', hue: 95, weight: 9,
    brands: ['Peakform', 'Velocita', 'Summit Trail', 'Kickoff'],
    features: ['Built for training in all weather', 'Non-slip grip', 'Sweat-wicking materials', 'Folds away for easy storage', 'Tested by amateur and pro athletes', 'Backed by a one-year warranty'],
    subs: [
      sub('Fitness', 'fitness', { brands: ['Peakform'], glyph: 'dumbbell', unit: 'pc', price: [9, 299], modifiers: ['Pro', 'Heavy-Duty'], nouns: [
        n('Yoga Mat 6mm', 'yogaMat', { price: [15, 60], modifiers: ['Non-Slip', 'Eco', 'Pro'] }), n('Adjustable Dumbbells', 'dumbbell', { price: [99, 299], modifiers: ['Heavy-Duty', 'Compact', 'Pro'] }),
        n('Resistance Band Set', 'band', { price: [12, 40], modifiers: ['Heavy-Duty', 'Eco', 'Pro'] }), n('Kettlebell 12kg', 'kettlebell', { price: [29, 79] }), n('Foam Roller', 'roller', { price: [12, 39], modifiers: ['Eco', 'Compact', 'Pro'] }),
        n('Speed Jump Rope', 'jumpRope', { price: [9, 25] }),
      ] }),
      sub('Cycling', 'cycling', { brands: ['Velocita'], glyph: 'bike', unit: 'pc', price: [12, 899], modifiers: ['Urban', 'Commuter'], nouns: [
        n('Mountain Bike 29"', 'bike', { price: [399, 899], modifiers: ['Trail', 'Carbon'] }), n('Road Bike Helmet', 'helmet', { price: [35, 140], modifiers: ['Aero', 'Urban', 'Commuter'] }),
        n('Bike Light Set', 'bikeLight', { price: [12, 45], modifiers: ['Urban', 'Commuter', 'Trail'] }), n('Cycling Gloves', 'glove', { price: [12, 40], modifiers: ['Trail', 'Aero', 'Commuter'] }), n('Folding Bike Lock', 'lock', { price: [25, 90] }),
      ] }),
      sub('Camping & Hiking', 'camping-hiking', { brands: ['Summit Trail'], glyph: 'tent', unit: 'pc', price: [15, 399], modifiers: ['Ultralight', 'Packable', 'Expedition'], nouns: [
        n('2-Person Tent', 'tent', { price: [79, 399], modifiers: ['Ultralight', 'Waterproof', '3-Season', 'Expedition'] }), n('Sleeping Bag', 'sleepingBag', { price: [39, 199], modifiers: ['Ultralight', '3-Season', 'Packable', 'Expedition'] }),
        n('Hiking Backpack 40L', 'backpack', { price: [49, 189], modifiers: ['Ultralight', 'Waterproof', 'Expedition'] }), n('Camping Stove', 'stove', { price: [25, 120] }), n('Trekking Poles', 'poles', { price: [19, 89], modifiers: ['Ultralight', 'Packable'] }),
      ] }),
      sub('Team Sports', 'team-sports', { brands: ['Kickoff'], glyph: 'ball', unit: 'pc', price: [12, 120], modifiers: ['Match', 'Training', 'Pro', 'Indoor', 'Junior'], nouns: [
        n('Football Size 5', 'ball'), n('Basketball', 'basketball'), n('Cricket Bat', 'bat', { modifiers: ['Match', 'Training', 'Pro', 'Junior'] }), n('Volleyball', 'volleyball'), n('Badminton Racket Set', 'racket'),
      ] }),
      sub('Sportswear', 'sportswear', { brands: ['Peakform', 'Velocita', 'Kickoff'], glyph: 'shirt', sizes: 'apparel', colors: true, unit: 'pc', price: [14, 90], modifiers: ['Dri-Fast', 'Seamless', 'Lightweight', 'Reflective', 'Thermal'], nouns: [
        n('Running Shorts', 'shorts'), n('Training T-Shirt', 'shirt'), n('Track Jacket', 'jacket'), n('Compression Leggings', 'trousers'),
      ] }),
    ],
  },
  {
    // A book's name is its title and its edition: "The Bread Book (Hardcover)".
    name: 'Books', slug: 'books', glyph: 'book', hue: 40, weight: 8,
    brands: ['Penrose Books', 'Lantern House', 'Bluefin Press', 'Inkwell Kids'],
    features: ['Printed on acid-free paper', 'Includes a reading-group guide', 'Sewn binding that lies flat', 'Author interview at the back', 'An international bestseller', 'Ships in protective packaging'],
    subs: [
      sub('Fiction', 'fiction', { brands: ['Penrose Books', 'Lantern House', 'Bluefin Press'], glyph: 'book', unit: 'pc', price: [8, 30], modifiers: ['Paperback', 'Hardcover'], nouns: FICTION.map((title) => n(title, 'book')) }),
      sub('Non-Fiction', 'non-fiction', { brands: ['Penrose Books', 'Lantern House'], glyph: 'book', unit: 'pc', price: [10, 40], modifiers: ['Paperback', 'Hardcover', 'Revised Edition'], nouns: [
        n('The Science of Sleep', 'book'), n('A Short History of Money', 'book'), n('Thinking in Systems', 'book'), n('The Curious Mind', 'book'), n('Leading With Purpose', 'book'), n('Small Habits, Big Change', 'book'),
      ] }),
      sub("Children's Books", 'childrens-books', { brands: ['Inkwell Kids'], glyph: 'book', unit: 'pc', price: [5, 25], modifiers: ['Board Book', 'Picture Book', 'Illustrated Edition'], nouns: [
        n('The Very Sleepy Dragon', 'book'), n('Counting Stars', 'book'), n('Max and the Moon', 'book'), n('The Little Lighthouse', 'book'), n('Ten Busy Bees', 'book'),
      ] }),
      sub('Comics & Graphic Novels', 'comics', { brands: ['Bluefin Press'], glyph: 'book', unit: 'pc', price: [9, 45], modifiers: ['Collected Edition', 'Deluxe Edition', 'Paperback'], nouns: [
        n('Skyline Guardians Vol. 1', 'book'), n('Midnight Circuit', 'book'), n('The Last Cartographer', 'book'), n('Paper Samurai', 'book'),
      ] }),
      sub('Cookbooks', 'cookbooks', { brands: ['Lantern House', 'Penrose Books'], glyph: 'book', unit: 'pc', price: [12, 45], modifiers: ['Hardcover', 'Paperback'], nouns: [
        n('Weeknight Vegetarian', 'book'), n('The Bread Book', 'book'), n('Flavours of the Levant', 'book'), n('One-Pan Dinners', 'book'), n('The Spice Kitchen', 'book'),
      ] }),
    ],
  },
  {
    name: 'Toys & Games', slug: 'toys-games', glyph: 'blocks', hue: 48, weight: 7,
    brands: ['Playnest', 'Brightbox', 'Tinker Tots'],
    features: ['Meets EN 71 toy safety standards', 'Non-toxic, child-safe materials', 'Encourages creative play', 'Batteries not included', 'Recommended for ages 3 and up', 'Gift-ready box'],
    subs: [
      sub('Building Sets', 'building-sets', { brands: ['Brightbox', 'Tinker Tots'], glyph: 'blocks', unit: 'set', price: [12, 150], modifiers: ['Creative', 'Deluxe', 'Starter', 'Classic'], nouns: [
        n('Building Blocks Set 500 pcs', 'blocks'), n('Magnetic Tiles 60 pcs', 'blocks'), n('Wooden Train Set', 'train'), n('Robot Building Kit', 'robot'),
      ] }),
      sub('Dolls & Figures', 'dolls-figures', { brands: ['Playnest', 'Brightbox'], glyph: 'bear', unit: 'pc', price: [8, 90], modifiers: ['Collector', 'Deluxe'], nouns: [
        n('Fashion Doll', 'doll', { modifiers: ['Poseable', 'Collector', 'Deluxe'] }), n('Action Figure', 'figure', { modifiers: ['Poseable', 'Collector', 'Deluxe'] }), n('Plush Teddy Bear', 'bear', { modifiers: ['Super Soft', 'Collector', 'Deluxe'] }),
        n('Wooden Doll House', 'dollhouse', { modifiers: ['Deluxe', 'Classic'] }),
      ] }),
      sub('Board Games & Puzzles', 'board-games-puzzles', { brands: ['Playnest', 'Brightbox'], glyph: 'puzzle', unit: 'pc', price: [10, 70], modifiers: ['Family', 'Travel', 'Classic', 'Party'], nouns: [
        n('Strategy Board Game', 'boardGame', { modifiers: ['Family', 'Classic', 'Travel'] }), n('1000-Piece Jigsaw Puzzle', 'puzzle', { modifiers: ['Family', 'Classic'] }), n('Family Card Game', 'cards'),
        n('Wooden Chess Set', 'chess', { modifiers: ['Travel', 'Classic'] }), n('Trivia Game', 'cards', { modifiers: ['Family', 'Party', 'Travel'] }),
      ] }),
      sub('Outdoor Play', 'outdoor-play', { brands: ['Playnest', 'Tinker Tots'], glyph: 'ball', unit: 'pc', price: [10, 160], modifiers: ['Junior', 'Adventure'], nouns: [
        n('Kids Scooter', 'scooter', { price: [29, 120], modifiers: ['Foldable', 'Light-Up', 'Adventure'] }), n('Water Blaster', 'waterBlaster', { price: [10, 35] }), n('Stunt Kite', 'kite', { price: [12, 45] }),
        n('Balance Bike', 'bike', { price: [49, 160] }), n('Sandpit Set', 'bucket', { price: [10, 30] }),
      ] }),
      sub('Educational Toys', 'educational-toys', { brands: ['Tinker Tots', 'Brightbox'], glyph: 'flask', unit: 'set', price: [12, 120], modifiers: ['Discovery', 'Junior', 'Explorer', 'Smart'], nouns: [
        n('STEM Science Kit', 'flask'), n('Coding Robot', 'robot'), n('Alphabet Puzzle', 'puzzle'), n('Microscope Kit', 'microscope'),
      ] }),
    ],
  },
  {
    name: 'Groceries', slug: 'groceries', glyph: 'apple', hue: 120, weight: 9,
    brands: ['Green Valley', 'Harvest Lane', 'Daily Dairy', 'Golden Spoon'],
    features: ['Sourced from trusted local farms', 'No artificial colours or preservatives', 'Store in a cool, dry place', 'Packed fresh on the day of dispatch', 'Suitable for vegetarians', 'Certified organic where stated'],
    subs: [
      sub('Fresh Produce', 'fresh-produce', { brands: ['Green Valley', 'Harvest Lane'], glyph: 'apple', unit: 'kg', price: [1, 9], modifiers: ['Organic', 'Farm Fresh', 'Local', 'Premium'], nouns: [
        n('Bananas', 'banana'), n('Hass Avocados', 'avocado'), n('Gala Apples', 'apple'), n('Baby Spinach', 'leaf'), n('Cherry Tomatoes', 'tomato'), n('Sweet Potatoes', 'potato'),
      ] }),
      sub('Beverages', 'beverages', { brands: ['Harvest Lane', 'Golden Spoon'], glyph: 'cup', unit: 'l', price: [2, 18], modifiers: ['Organic', 'Fair Trade', 'Premium'], nouns: [
        n('Orange Juice 1L', 'carton', { modifiers: ['Organic', 'No Added Sugar', 'Premium'] }), n('Sparkling Water 1.5L', 'waterBottle', { modifiers: ['Premium', 'Natural'] }), n('Green Tea 100 Bags', 'cup'),
        n('Ground Coffee 500g', 'packet'), n('Cold Brew Coffee 1L', 'waterBottle', { modifiers: ['Organic', 'Fair Trade', 'No Added Sugar'] }),
      ] }),
      sub('Snacks', 'snacks', { brands: ['Golden Spoon', 'Harvest Lane'], glyph: 'chocolate', unit: 'g', price: [1, 12], modifiers: ['Organic', 'Classic'], nouns: [
        n('Sea Salt Potato Chips 150g', 'packet', { modifiers: ['Organic', 'Classic', 'Gluten-Free'] }), n('Dark Chocolate Bar 100g', 'chocolate', { modifiers: ['Organic', 'Classic', 'Fair Trade'] }),
        n('Trail Mix 400g', 'nuts', { modifiers: ['Organic', 'Protein', 'Classic'] }), n('Granola Bars 6-Pack', 'snackBar', { modifiers: ['Organic', 'Protein', 'Gluten-Free'] }), n('Roasted Almonds 250g', 'nuts'),
      ] }),
      sub('Pantry Staples', 'pantry-staples', { brands: ['Golden Spoon', 'Green Valley'], glyph: 'sack', unit: 'kg', price: [2, 25], modifiers: ['Organic', 'Premium'], nouns: [
        n('Basmati Rice 5kg', 'sack'), n('Extra Virgin Olive Oil 1L', 'oilBottle', { modifiers: ['Organic', 'Cold-Pressed', 'Premium'] }), n('Whole Wheat Pasta 500g', 'packet', { modifiers: ['Organic', 'Stone-Ground', 'Premium'] }),
        n('Wildflower Honey 500g', 'jar'), n('Rolled Oats 1kg', 'packet'),
      ] }),
      sub('Dairy & Eggs', 'dairy-eggs', { brands: ['Daily Dairy'], glyph: 'egg', unit: 'pc', price: [1, 12], modifiers: ['Organic', 'Farmhouse'], nouns: [
        n('Free-Range Eggs (12)', 'egg'), n('Greek Yoghurt 500g', 'tub', { modifiers: ['Organic', 'Low-Fat', 'Farmhouse'] }), n('Mature Cheddar 200g', 'cheese', { modifiers: ['Organic', 'Farmhouse', 'Grass-Fed'] }),
        n('Whole Milk 1L', 'carton', { modifiers: ['Organic', 'Grass-Fed', 'Farmhouse'] }), n('Salted Butter 250g', 'butter', { modifiers: ['Organic', 'Grass-Fed', 'Farmhouse'] }),
      ] }),
    ],
  },
  {
    name: 'Pet Supplies', slug: 'pet-supplies', glyph: 'paw', hue: 185, weight: 5,
    brands: ['Happy Tails', 'Purrfect', 'AquaLux'],
    features: ['Vet-approved design', 'Made with natural ingredients', 'Durable and easy to clean', 'Suitable for all breeds', 'Money-back happiness guarantee', 'Recyclable packaging'],
    subs: [
      sub('Dog Supplies', 'dog-supplies', { brands: ['Happy Tails'], glyph: 'paw', colors: true, unit: 'pc', price: [6, 120], modifiers: ['Durable', 'All-Weather', 'Comfort'], nouns: [
        n('Grain-Free Dog Food 10kg', 'petFood', { price: [39, 95], modifiers: ['Premium', 'Natural'] }), n('Rope Chew Toy', 'ropeToy', { price: [6, 15], modifiers: ['Durable', 'Natural'] }),
        n('Reflective Dog Leash', 'leash', { price: [9, 29] }), n('Orthopaedic Dog Bed', 'petBed', { price: [39, 120], modifiers: ['Premium', 'Comfort', 'Durable'] }), n('No-Pull Dog Harness', 'harness', { price: [15, 45] }),
      ] }),
      sub('Cat Supplies', 'cat-supplies', { brands: ['Purrfect'], glyph: 'paw', unit: 'pc', price: [5, 140], modifiers: ['Premium', 'Deluxe'], nouns: [
        n('Indoor Cat Food 4kg', 'petFood', { price: [19, 45], modifiers: ['Premium', 'Natural'] }), n('Cat Scratching Post', 'scratchingPost', { price: [15, 49], modifiers: ['Deluxe', 'Natural'] }),
        n('Clumping Cat Litter 10L', 'litter', { price: [6, 19], modifiers: ['Odour-Control', 'Natural'] }), n('Cat Tree Tower', 'scratchingPost', { price: [49, 140] }), n('Feather Wand Toy', 'feather', { price: [5, 12], modifiers: ['Natural', 'Deluxe'] }),
      ] }),
      sub('Fish & Aquatics', 'fish-aquatics', { brands: ['AquaLux'], glyph: 'fish', unit: 'pc', price: [4, 220], modifiers: ['Eco', 'Pro'], nouns: [
        n('Aquarium Starter Kit 60L', 'aquarium', { price: [69, 220], modifiers: ['Complete', 'Eco'] }), n('Tropical Fish Flakes 100g', 'jar', { price: [4, 12], modifiers: ['Premium', 'Natural'] }),
        n('Aquarium Filter', 'aquariumFilter', { price: [19, 79], modifiers: ['Quiet', 'Eco', 'Pro'] }), n('LED Aquarium Light', 'aquariumLight', { price: [25, 90] }),
      ] }),
    ],
  },
] as const satisfies readonly CategoryDef[];

type Category = (typeof CATEGORIES)[number];
type SubCategory = Category['subs'][number];
type Noun = SubCategory['nouns'][number];

export type CategorySlug = Category['slug'];
export type SubCategorySlug = SubCategory['slug'];
export type BrandName = Category['brands'][number];
export type FeatureText = Category['features'][number];
export type NounName = Noun['name'];
export type ModifierName = SubCategory['modifiers'][number] | NonNullable<Noun['modifiers']>[number];

/** The modifiers a noun takes: its own, else its sub-category's. */
export const nounModifiers = (sub: SubCategoryDef, noun: NounDef): readonly string[] => noun.modifiers ?? sub.modifiers;
