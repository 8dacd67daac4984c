import { apiGet } from '../pages/page-api';
import { apiCall } from './api';
import type { PageRequest } from './outcome';
import type { HomeDto } from '../../contracts/home';

/** /: banners, categories, the running and upcoming flash sales, popular products, ads, best deals, shops and a first page of just-for-you products. */
export function loadHomePage(req: PageRequest): Promise<HomeDto> {
  return apiGet<HomeDto>('/home', apiCall(req));
}
