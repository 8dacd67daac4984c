/** The flash sale contract (docs/product.md §3.5 Flash sale; GET /flash-sales, /flash-sale/{id}/details): the shapes the API answers and pages read. No server imports here. */
import type { ProductCardDto } from './catalog';

/** A product as a flash sale lists it: the card (whose price shows the offer while the sale runs) and the offer itself. */
export interface FlashSaleProductDto extends ProductCardDto {
  sale_price: number;
  sale_quantity: number;
  sale_sold: number;
}

/** The Flash sale shape (docs/product.md §3.5), plus where it stands now. */
export interface FlashSaleDto {
  id: number;
  name: string;
  thumbnail: string | null;
  start_date: string;
  end_date: string;
  status: 'upcoming' | 'running' | 'ended';
  products: FlashSaleProductDto[] | null;
}
