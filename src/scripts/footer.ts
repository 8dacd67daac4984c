/** docs/product.md §2.9: below 640px link groups collapse under their title; at 640px and wider all are open. */
const WIDE = window.matchMedia('(min-width: 640px)');

export function setUpFooter(): void {
  const groups = [...document.querySelectorAll<HTMLDetailsElement>('details[data-footer-group]')];
  const apply = () => {
    for (const group of groups) group.open = WIDE.matches;
  };
  apply();
  WIDE.addEventListener('change', apply);
  // Wide screens keep every group open, whatever is clicked or pressed.
  for (const group of groups) {
    group.addEventListener('toggle', () => {
      if (WIDE.matches && !group.open) group.open = true;
    });
  }
}
