/**
 * Times the server wrote in UTC (it cannot know the shopper's time zone, and a page must not
 * depend on who asks: docs/decisions/018-page-cache.md) are written again in the browser's
 * own zone, in the page's language (lib/dates.ts formatDateTime). Without JavaScript they
 * stay in UTC and say so.
 */
import { formatDateTime } from '../lib/dates';

const locale = document.body.dataset.locale ?? 'en';
for (const time of document.querySelectorAll<HTMLTimeElement>('time[data-local-time]')) time.textContent = formatDateTime(time.dateTime, locale);
