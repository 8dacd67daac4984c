import { sql } from 'drizzle-orm';
import { openDatabase, pgliteDir } from './src/server/db/client';
const dir = process.argv[2] ?? '/tmp/seedcheck';
const h = await openDatabase({ dataDir: pgliteDir(dir), databaseUrl: process.env.DATABASE_URL });
const q = async (s: string) => { const r: any = await h.db.execute(sql.raw(s)); return r.rows ?? r; };
for (const s of [
  `select count(*) filter (where discount_price > 0)::float / count(*) as disc_share, count(*) filter (where quantity = 0) as oos, min(price), max(price), avg(price)::int from products`,
  `select id, name, price, discount_price, quantity, total_sold, views, rating, total_reviews, thumbnail, unit_id, brand_id, created_at from products order by id limit 8`,
  `select name, slug, is_active, rating, total_reviews, delivery_charge, order_prefix, (select count(*) from products p where p.shop_id = s.id) as n from shops s order by id`,
  `select name, start_date, end_date, (select count(*) from flash_sale_products f where f.flash_sale_id = s.id) n from flash_sales s`,
  `select f.price, p.price as orig, p.discount_price, f.quantity, f.sold from flash_sale_products f join products p on p.id = f.product_id limit 5`,
  `select code, discount_type, discount, min_order_amount, max_discount_amount, started_at, expired_at from vouchers where shop_id = 1`,
  `select key, value from settings`,
  `select l.name, count(t.id) from languages l left join translations t on t.language_id = l.id group by l.name`,
  `select * from menus order by sort_order`,
  `select f.title, i.type, i.title, i.url from footers f join footer_items i on i.footer_id = f.id order by f.sort_order, i.sort_order`,
  `select type, count(*) from banners group by type, (shop_id is null)`,
  `select title, status, published_at, total_views from blogs order by id`,
  `select slug, status, length(content) from legal_pages`,
  `select email, name, phone_code, phone, wallet_balance, profile_photo from users order by id limit 6`,
  `select count(*) from product_images`, `select count(*) from product_sizes`, `select count(*) from product_colors`,
  `select rating, count(*) from reviews group by rating order by rating`,
  `select description from products where id = 3`,
]) console.log(s.slice(0, 60), JSON.stringify(await q(s), null, 0).slice(0, 3000));
await h.close();
