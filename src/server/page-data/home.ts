import type { buildHome } from '../modules/home/service';
import { apiGet } from '../pages/page-api';
import { apiCall } from './api';
import type { PageRequest } from './outcome';

export type HomePageData = Awaited<ReturnType<typeof buildHome>>;

/** /: banners, categories, the running and upcoming flash sales, popular products, ads, best deals, shops and a first page of just-for-you products. */
export function loadHomePage(req: PageRequest): Promise<HomePageData> {
  return apiGet<HomePageData>('/home', apiCall(req));
}
