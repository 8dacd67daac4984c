/**
 * Sections that fold on a phone and are always open on a wider screen: the footer's link
 * groups (docs/product.md §2.9, from 640 px) and the account menu (from 1024 px). Each is a
 * `<details data-open-from="(min-width: …)">`, closed in the HTML and shown from that width
 * by CSS alone (src/styles/global.css), so nothing moves while the page loads; this marks
 * them open there for assistive technology, and keeps them open whatever is clicked.
 */
export function setUpWideOpen(): void {
  for (const details of document.querySelectorAll<HTMLDetailsElement>('details[data-open-from]')) {
    const wide = window.matchMedia(details.dataset.openFrom!);
    const apply = () => {
      details.open = wide.matches;
    };
    apply();
    wide.addEventListener('change', apply);
    details.addEventListener('toggle', () => {
      if (wide.matches && !details.open) details.open = true;
    });
  }
}
