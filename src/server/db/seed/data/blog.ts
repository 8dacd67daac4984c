import type { GlyphName } from '../art/glyphs';

export const BLOG_CATEGORIES = [
  { name: 'Shopping Guides', slug: 'shopping-guides' },
  { name: 'Style & Trends', slug: 'style-trends' },
  { name: 'Tech Reviews', slug: 'tech-reviews' },
  { name: 'Home & Living', slug: 'home-living' },
  { name: 'Marketplace News', slug: 'marketplace-news' },
] as const;

export const BLOG_TAGS = [
  'Deals', 'Gift Ideas', 'Sustainability', 'How-To', 'Smartphones', 'Laptops', 'Fashion', 'Kitchen', 'Fitness', 'Sellers', 'Kids', 'Beauty',
] as const;

export interface BlogPostDef {
  title: string;
  category: (typeof BLOG_CATEGORIES)[number]['slug'];
  tags: readonly (typeof BLOG_TAGS)[number][];
  glyph: GlyphName;
  hue: number;
  draft?: boolean;
  /** Publication age; posts under five days old show as new. */
  daysAgo: number;
  intro: string;
  heading: string;
  points: readonly string[];
  body: string;
}

const CLOSINGS: Record<BlogPostDef['category'], string> = {
  'shopping-guides': 'Whatever you pick, compare a few listings, read the reviews from verified buyers and check the shop’s delivery time before you check out. If something is not right, our return policy has you covered.',
  'style-trends': 'Trends come and go; what lasts is a wardrobe of pieces you actually wear. Buy fewer, better things and look after them, and your style will outlive any season.',
  'tech-reviews': 'Specifications only tell part of the story. Think about how you will use the device every day, and remember that a good warranty and a responsive seller are worth more than a slightly faster chip.',
  'home-living': 'Small changes add up: a better pan, a softer throw, a lamp in the right corner. Start with the room you spend most time in and build from there.',
  'marketplace-news': 'Thank you for shopping with the independent sellers on our marketplace. Every order helps a small business grow, and we will keep building the tools that make that possible.',
};

/** The words of a post, in any language. */
export interface BlogPostText {
  intro: string;
  heading: string;
  points: readonly string[];
  body: string;
}

/** A post's body: its text, then the closing its category ends with (translations: i18n/blog.ts). */
export function blogHtml(post: BlogPostText, closing: { heading: string; text: string }): string {
  const items = post.points.map((point) => `<li>${point}</li>`).join('');
  return `<p>${post.intro}</p><h2>${post.heading}</h2><ul>${items}</ul><p>${post.body}</p><h2>${closing.heading}</h2><p>${closing.text}</p>`;
}

/** The closing of a post of this category in English. */
export const englishClosing = (category: BlogPostDef['category']) => ({ heading: 'The bottom line', text: CLOSINGS[category] });

const POST_DEFS = [
  {
    title: 'How to Choose the Right Laptop for Work and Study', category: 'tech-reviews', tags: ['Laptops', 'How-To'], glyph: 'laptop', hue: 215, daysAgo: 2,
    intro: 'A laptop is one of the most personal purchases you will make: you will carry it, type on it and stare at it for years. The good news is that even mid-range machines are now excellent, so the right choice comes down to a few honest questions about how you work.',
    heading: 'What matters most', points: ['At least 16 GB of memory if you keep many browser tabs open', 'A solid-state drive of 512 GB or more', 'A screen of 14 inches or larger with good brightness', 'Battery life of eight hours in real use, not just on paper'],
    body: 'Weight matters more than most people expect. If you commute, a machine under 1.4 kg will feel very different at the end of the week. Try the keyboard if you can, and check that the ports you need are there without a bag full of adapters.',
  },
  {
    title: '10 Gift Ideas Under $50 That Don’t Feel Cheap', category: 'shopping-guides', tags: ['Gift Ideas', 'Deals'], glyph: 'bag', hue: 335, daysAgo: 4,
    intro: 'Thoughtful gifts rarely have to be expensive. We asked the sellers on our marketplace which items their customers buy again and again as presents, and these are the ones that came up most.',
    heading: 'Our favourites this season', points: ['A scented soy candle from a small maker', 'A hardcover cookbook with a handwritten note', 'Wireless earbuds for the commuter in your life', 'A plush throw for cold evenings', 'A 1000-piece puzzle for the family'],
    body: 'Presentation makes a big difference. Several shops offer free gift wrapping and a printed note: look for the option at checkout, and remember to set the delivery address to the recipient if you are sending it directly.',
  },
  {
    title: 'Capsule Wardrobe: 12 Pieces, 30 Outfits', category: 'style-trends', tags: ['Fashion', 'Sustainability'], glyph: 'shirt', hue: 350, daysAgo: 9,
    intro: 'A capsule wardrobe is a small collection of clothes that all work together. It saves money, saves time in the morning and is kinder to the planet than chasing every new trend.',
    heading: 'The twelve essentials', points: ['Two white shirts and a striped tee', 'Dark straight-leg jeans and tailored trousers', 'A knit cardigan and a light trench coat', 'White sneakers and leather loafers', 'A crossbody bag in a neutral colour'],
    body: 'Stick to two or three base colours and one accent. Navy, beige and white with a touch of red or olive is a combination that works in almost every climate and for almost every occasion.',
  },
  {
    title: 'Cast Iron vs Non-Stick: Which Pan Should You Buy?', category: 'home-living', tags: ['Kitchen', 'How-To'], glyph: 'pot', hue: 160, daysAgo: 13,
    intro: 'Walk into any kitchen shop and you will find two camps: cast-iron devotees and non-stick fans. Both are right, for different jobs, and most cooks end up owning one of each.',
    heading: 'When to use which', points: ['Cast iron for searing, roasting and anything that goes into the oven', 'Non-stick for eggs, pancakes and delicate fish', 'Stainless steel for sauces and deglazing', 'Avoid metal utensils on non-stick surfaces'],
    body: 'A pre-seasoned cast-iron skillet will last a lifetime if you dry it after washing and rub in a drop of oil. Non-stick pans wear out; expect to replace a daily-use pan every three to five years.',
  },
  {
    title: 'Smartphone Buying Guide: Flagship or Mid-Range?', category: 'tech-reviews', tags: ['Smartphones', 'Deals'], glyph: 'phone', hue: 200, daysAgo: 18,
    intro: 'Flagship phones keep getting more expensive, but mid-range models have quietly become very good. Unless photography or gaming is your passion, you may not need to spend twice as much.',
    heading: 'Where the money goes', points: ['Camera quality in low light', 'Years of guaranteed software updates', 'Faster charging and wireless charging', 'Premium materials and water resistance'],
    body: 'Check how long the manufacturer promises security updates: a phone that stops receiving them after two years is no bargain. Then look at battery size, which matters more in daily use than the processor.',
  },
  {
    title: 'Meet the Sellers: How Page Turner Books Found Its Readers', category: 'marketplace-news', tags: ['Sellers'], glyph: 'book', hue: 40, daysAgo: 25,
    intro: 'Page Turner Books started as a market stall with three boxes of second-hand paperbacks. Today it ships thousands of books a month from a small warehouse, and still slips a hand-picked bookmark into every parcel.',
    heading: 'What they learned', points: ['Answer every message within a day', 'Photograph real stock, not catalogue images', 'Pack books as if they were your own', 'Ask happy customers for a review'],
    body: 'Their advice to new sellers is simple: start with what you know and love. Customers can tell the difference between a shop that cares and one that simply lists products.',
  },
  {
    title: 'Home Workouts That Need Only a Mat and a Pair of Dumbbells', category: 'shopping-guides', tags: ['Fitness', 'How-To'], glyph: 'dumbbell', hue: 95, daysAgo: 31,
    intro: 'You do not need a gym membership to get stronger. With a good mat, adjustable dumbbells and twenty minutes a day, you can build a routine that fits around work and family.',
    heading: 'A simple weekly plan', points: ['Monday: squats, rows and push-ups', 'Wednesday: lunges, shoulder press and plank', 'Friday: deadlifts, chest press and mountain climbers', 'Daily: ten minutes of stretching'],
    body: 'Choose dumbbells that let you change the weight quickly, so you can progress without buying a rack of fixed weights. A 6 mm mat is thick enough for floor work and still easy to roll away.',
  },
  {
    title: 'Skincare Basics: A Routine in Three Steps', category: 'style-trends', tags: ['Beauty', 'How-To'], glyph: 'bottle', hue: 295, daysAgo: 38,
    intro: 'Skincare shelves can be overwhelming. Dermatologists agree that most people need only three things: a gentle cleanser, a moisturiser that suits their skin, and sunscreen every single morning.',
    heading: 'The routine', points: ['Cleanse morning and evening with lukewarm water', 'Moisturise while skin is still slightly damp', 'Apply SPF 30 or higher every morning, even in winter', 'Add one active ingredient at a time, such as vitamin C'],
    body: 'Patch-test anything new on your inner arm for a couple of days. If your skin is sensitive, look for fragrance-free formulas; the listings on our marketplace say clearly which products are.',
  },
  {
    title: 'Five Ways to Make a Small Flat Feel Bigger', category: 'home-living', tags: ['How-To'], glyph: 'lamp', hue: 30, daysAgo: 46,
    intro: 'Square metres are expensive, but the feeling of space is mostly about light, colour and clutter. A few inexpensive changes can make a small flat feel airy and calm.',
    heading: 'Try these first', points: ['Hang a large round mirror opposite the window', 'Choose furniture with visible legs', 'Use one rug to define the living area', 'Layer lighting: a floor lamp, a table lamp and warm bulbs', 'Store by the door so clutter never reaches the room'],
    body: 'Light colours on the walls help, but so does consistency: keeping to one palette across rooms makes the whole flat read as a single, larger space.',
  },
  {
    title: 'Introducing Flash Sales: Big Discounts for a Few Days Only', category: 'marketplace-news', tags: ['Deals'], glyph: 'bag', hue: 350, daysAgo: 1,
    intro: 'Flash sales are here. Several times a month, selected shops will offer deep discounts on a limited number of products for a few days only. When the stock is gone, the deal is gone.',
    heading: 'How it works', points: ['Each sale has a start and an end time shown on the page', 'Prices drop automatically when the sale starts', 'Quantities are limited for every product', 'Upcoming sales are announced on the home page'],
    body: 'Add the products you like to your wishlist before the sale starts, so you can check out quickly. Vouchers from shops still apply on top of flash-sale prices unless the voucher says otherwise.',
  },
  {
    title: 'Choosing Running Shoes: Cushioning, Drop and Fit', category: 'shopping-guides', tags: ['Fitness'], glyph: 'shoe', hue: 22, daysAgo: 57,
    intro: 'The right running shoe is the one that feels comfortable from the first step. Still, a little vocabulary helps when you are comparing models online.',
    heading: 'Terms to know', points: ['Cushioning: how soft the midsole feels', 'Drop: the height difference between heel and toe', 'Stability: support for feet that roll inwards', 'Fit: leave a thumb’s width in front of your longest toe'],
    body: 'If you are between sizes, order the larger one; feet swell on long runs. Most shoe shops on our marketplace offer free exchanges, so getting the size right costs nothing but a little time.',
  },
  {
    title: 'Wireless Earbuds Tested: What Really Matters', category: 'tech-reviews', tags: ['Deals'], glyph: 'headphones', hue: 250, daysAgo: 66,
    intro: 'We listened to a dozen pairs of wireless earbuds on commutes, runs and long calls. Sound quality was good across the board; the differences were in comfort, battery and noise cancelling.',
    heading: 'Our checklist', points: ['Several ear-tip sizes in the box', 'At least six hours per charge', 'Active noise cancelling that does not hiss', 'Clear microphones for calls outdoors'],
    body: 'Water resistance rated IPX4 or higher is enough for the gym and rainy walks. If you mostly take calls, prioritise microphones over bass; reviews from verified buyers are a good guide here.',
  },
  {
    title: 'Toys That Grow With Your Child', category: 'shopping-guides', tags: ['Kids', 'Gift Ideas'], glyph: 'blocks', hue: 48, daysAgo: 74,
    intro: 'The best toys are the ones children come back to year after year. Open-ended toys like building sets, simple figures and puzzles adapt as kids grow and invent new games.',
    heading: 'Lasting favourites', points: ['Building blocks and magnetic tiles', 'A wooden train set that can be extended', 'Board games for the whole family', 'A science kit for curious minds'],
    body: 'Check the age recommendation and the safety marks on the listing. Every toy shop on our marketplace lists the standards its products meet, and many offer free gift wrapping.',
  },
  {
    title: 'Our Guide to Sustainable Shopping', category: 'style-trends', tags: ['Sustainability'], glyph: 'apple', hue: 120, daysAgo: 3, draft: true,
    intro: 'Shopping more sustainably does not mean buying nothing. It means buying things that last, from sellers who are honest about where their products come from.',
    heading: 'Simple habits', points: ['Choose quality over quantity', 'Look for recycled and organic materials', 'Group orders from the same shop', 'Repair before you replace'],
    body: 'We are working on badges that show which shops use recyclable packaging and local suppliers. They will appear on shop pages later this year.',
  },
  {
    title: 'Selling on ShopHub: Your First Thirty Days', category: 'marketplace-news', tags: ['Sellers', 'How-To'], glyph: 'bag', hue: 215, daysAgo: 6, draft: true,
    intro: 'Opening a shop takes a few minutes; building a loyal customer base takes a little longer. Here is what successful sellers do in their first month.',
    heading: 'Week by week', points: ['Week one: complete your shop profile and banner', 'Week two: list your ten best products with clear photos', 'Week three: create a welcome voucher', 'Week four: ask your first customers for reviews'],
    body: 'Your shop is reviewed by our team before it goes live. Most reviews are completed within two working days, and you will receive an email as soon as your shop is active.',
  },
  {
    title: 'Pet Care Essentials for New Owners', category: 'shopping-guides', tags: ['How-To'], glyph: 'paw', hue: 185, daysAgo: 92,
    intro: 'Bringing a new pet home is exciting and a little daunting. A few essentials, bought before the big day, make the first weeks much easier for everyone.',
    heading: 'Before day one', points: ['Food recommended by your vet', 'A comfortable bed in a quiet corner', 'A sturdy lead and harness for dogs', 'A scratching post and litter tray for cats'],
    body: 'Introduce new food gradually, mixing it with the old food over a week. And book a check-up with a vet in the first fortnight, even if your pet seems perfectly healthy.',
  },
  {
    title: 'Spring Cleaning the Kitchen: A Weekend Plan', category: 'home-living', tags: ['Kitchen', 'How-To'], glyph: 'kettle', hue: 170, daysAgo: 8, draft: true,
    intro: 'A clean, organised kitchen makes cooking a pleasure. Set aside a weekend, put on some music and work through the room one zone at a time.',
    heading: 'Zone by zone', points: ['Empty and wipe the fridge, checking dates', 'Descale the kettle and coffee machine', 'Sort the pantry into clear containers', 'Sharpen knives and retire worn-out pans'],
    body: 'Finish with the small things: replace the sponge, wash the tea towels and put a plant on the windowsill. You will notice the difference every time you walk in.',
  },
] as const satisfies readonly BlogPostDef[];

/** The posts as written, every title a literal type: the translations (i18n/blog.ts) are checked against them. */
export type BlogPostLiteral = (typeof POST_DEFS)[number];
export type BlogTitle = BlogPostLiteral['title'];

export const BLOG_POSTS: readonly (BlogPostDef & { title: BlogTitle })[] = POST_DEFS;
