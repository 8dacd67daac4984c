import { describe, expect, it } from 'vitest';
import { buildBreadcrumbJsonLd } from './breadcrumbs';

describe('buildBreadcrumbJsonLd', () => {
  it('numbers the crumbs from 1 and makes their links absolute', () => {
    expect(buildBreadcrumbJsonLd([{ name: 'Home', href: '/' }, { name: 'Shops', href: '/shops?page=2' }, { name: 'Casa Living' }], 'https://shop.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Shops', item: 'https://shop.example/shops?page=2' },
        { '@type': 'ListItem', position: 3, name: 'Casa Living' },
      ],
    });
  });

  it('keeps absolute links as they are', () => {
    const list = buildBreadcrumbJsonLd([{ name: 'Elsewhere', href: 'https://other.example/x' }], 'https://shop.example');
    expect(list.itemListElement).toEqual([{ '@type': 'ListItem', position: 1, name: 'Elsewhere', item: 'https://other.example/x' }]);
  });
});
