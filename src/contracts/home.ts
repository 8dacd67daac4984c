/** The home contract (GET /home, GET /banners): what the home page shows, as the API answers it. No server imports here. */
import type { CategoryDto, ProductCardDto, ProductPage } from './catalog';
import type { FlashSaleDto } from './flash-sale';
import type { ShopDto } from './shop';

export interface BannerDto {
  id: number;
  title: string;
  thumbnail: string;
  url: string | null;
}

/** GET /home: every list of the home page; `just_for_you` is its first page. */
export interface HomeDto {
  banners: BannerDto[];
  ads: BannerDto[];
  categories: CategoryDto[];
  shops: ShopDto[];
  popular_products: ProductCardDto[];
  just_for_you: ProductPage;
  best_deals: ProductCardDto[];
  running_flash_sale: FlashSaleDto | null;
  incoming_flash_sale: FlashSaleDto | null;
}
