export interface LegalPageDef {
  slug: string;
  title: string;
  status: 'published' | 'draft';
  sections: readonly (readonly [heading: string, ...paragraphs: string[]])[];
}

export function legalHtml(page: Pick<LegalPageDef, 'sections'>): string {
  return page.sections
    .map(([heading, ...paragraphs]) => `<h2>${heading}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`)
    .join('');
}

export const LEGAL_PAGES = [
  {
    slug: 'terms-and-conditions', title: 'Terms and Conditions', status: 'published',
    sections: [
      ['1. About these terms', 'These terms govern your use of the ShopHub marketplace, its website and its mobile apps. By creating an account or placing an order you agree to them. Please read them carefully and keep a copy for your records.', 'ShopHub operates a marketplace on which independent shops sell their products. Unless a listing says otherwise, the contract for a purchase is between you and the shop that sells the product.'],
      ['2. Your account', 'You must be at least 18 years old, or have the permission of a parent or guardian, to open an account. You are responsible for keeping your password confidential and for all activity under your account.', 'Tell us immediately if you believe someone else has used your account. We may suspend accounts that are used fraudulently or in breach of these terms.'],
      ['3. Orders and prices', 'Prices are shown in the currency you select and include any applicable taxes unless stated otherwise. Delivery charges are shown at checkout before you pay.', 'An order is accepted when the shop confirms it. A shop may cancel an order if a product is out of stock or was listed at an obvious pricing error; in that case you will be refunded in full.'],
      ['4. Payment', 'You can pay online by card or a supported payment provider, from your wallet balance, or in cash on delivery where the shop offers it. Card details are handled by our payment partners and never stored on our servers.'],
      ['5. Vouchers', 'Vouchers are issued by shops, apply only to that shop’s products and are subject to a minimum spend and a validity period shown on the voucher. Vouchers cannot be exchanged for cash.'],
      ['6. Liability', 'We take reasonable care to keep the marketplace available and secure, but we cannot guarantee uninterrupted access. Nothing in these terms limits your statutory rights as a consumer.'],
      ['7. Changes and contact', 'We may update these terms from time to time; the version in force when you place an order applies to that order. Questions about these terms can be sent through the contact page.'],
    ],
  },
  {
    slug: 'privacy-policy', title: 'Privacy Policy', status: 'published',
    sections: [
      ['Who we are', 'ShopHub is the controller of the personal data described in this policy. This policy explains what we collect, why we collect it and the choices you have.'],
      ['What we collect', 'We collect the information you give us when you register, place an order or contact support: your name, email address, phone number, delivery addresses and order history.', 'We also collect technical information such as your device type, language and pages visited, so that we can keep the service secure and improve it.'],
      ['How we use it', 'We use your data to process orders, deliver products, provide customer support, prevent fraud and, if you agree, to send you offers. Shops receive only the information they need to fulfil your orders.'],
      ['Cookies', 'We use essential cookies to keep you signed in and to protect forms against misuse. With your consent we also use analytics cookies to understand how the marketplace is used.'],
      ['How long we keep it', 'Order records are kept for as long as the law requires for tax and accounting purposes. Other data is deleted or anonymised when it is no longer needed or when you close your account.'],
      ['Your rights', 'You can access, correct or delete your personal data, object to its use for marketing and ask for a copy in a portable format. To exercise these rights, open a support ticket from your account or use the contact page.'],
    ],
  },
  {
    slug: 'about-us', title: 'About Us', status: 'published',
    sections: [
      ['Our story', 'ShopHub started in 2019 with a simple idea: independent shops deserve the same reach as the big retailers, and shoppers deserve a marketplace where every seller is a real business with a name and a face.', 'Today hundreds of shops sell fashion, electronics, home goods, books, groceries and more through ShopHub, to customers in more than forty countries.'],
      ['What we believe', 'We believe in fair fees for sellers, honest listings for buyers and fast, friendly support for both. Every shop is reviewed before it opens, and every review on our marketplace comes from a real order.'],
      ['Our team', 'We are a small team of engineers, designers and support specialists spread across three continents. Many of us have run shops ourselves, and we build the tools we wished we had.'],
      ['Get in touch', 'Have a question, an idea or a story about a great purchase? We would love to hear from you through our contact page.'],
    ],
  },
  {
    slug: 'return-policy', title: 'Return Policy', status: 'published',
    sections: [
      ['Returns within 7 days', 'You can return most products within 7 days of delivery if they are unused and in their original packaging. Some shops offer a longer period; the product page shows the period that applies.'],
      ['Items that cannot be returned', 'For hygiene and safety reasons we cannot accept returns of opened cosmetics, underwear, perishable groceries or personalised items, unless they arrived damaged or faulty.'],
      ['How to return an item', 'Open the order in your order history and choose the item you want to return, or open a support ticket with the order number. The shop will confirm the return and tell you where to send it.'],
      ['Refunds', 'Once the shop receives and checks the item, your refund is issued to the original payment method within 5 working days. Cash-on-delivery orders are refunded to your wallet balance.'],
      ['Damaged or wrong items', 'If an item arrives damaged or is not what you ordered, contact us within 48 hours with a photo. We will arrange a free collection and a replacement or full refund.'],
    ],
  },
  {
    slug: 'shipping-policy', title: 'Shipping Policy', status: 'draft',
    sections: [
      ['Delivery times', 'Each shop shows its estimated delivery time on its page and at checkout. Times are counted in working days from the moment the shop confirms your order.'],
      ['Delivery charges', 'Delivery charges are set by each shop and shown before you pay. When you order from several shops, each shop ships and charges separately.'],
    ],
  },
] as const satisfies readonly LegalPageDef[];
