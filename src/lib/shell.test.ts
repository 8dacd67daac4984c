import { describe, expect, it } from 'vitest';
import { toastPosition } from './notify';
import { copyrightLine, menuLinkAttributes, showsDownloadApp } from './shell';

describe('shell rules', () => {
  it('the download-app dropdown needs the setting and at least one link', () => {
    const links = { google_playstore_link: 'https://play.example', app_store_link: '' };
    expect(showsDownloadApp({ show_download_app: true, ...links })).toBe(true);
    expect(showsDownloadApp({ show_download_app: false, ...links })).toBe(false);
    expect(showsDownloadApp({ show_download_app: true, google_playstore_link: '', app_store_link: '' })).toBe(false);
  });

  it('external menu entries keep their target; internal ones are in-app links', () => {
    expect(menuLinkAttributes({ url: '/shops', target: '_blank', is_external: false })).toEqual({ href: '/shops' });
    expect(menuLinkAttributes({ url: 'https://help.example', target: '_blank', is_external: true })).toEqual({
      href: 'https://help.example',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(menuLinkAttributes({ url: 'https://a.example', target: '', is_external: true })).toEqual({ href: 'https://a.example', target: '_self', rel: undefined });
  });

  it('the bottom line is ©, the year and the footer text', () => {
    expect(copyrightLine(2026, 'All right reserved by company')).toBe('© 2026 All right reserved by company');
  });

  it('toasts go bottom-right in rtl and bottom-left in ltr (the inline start)', () => {
    expect(toastPosition('rtl')).toBe('bottom-right');
    expect(toastPosition('ltr')).toBe('bottom-left');
    expect(toastPosition('')).toBe('bottom-left');
  });
});
