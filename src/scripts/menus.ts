/**
 * Dropdowns are <details data-menu>: they open by mouse, touch and keyboard without any
 * script. This adds what a menu is expected to do: one open at a time, Escape closes and
 * returns focus to its button, a click elsewhere closes; sub-category panels open by
 * their toggle button too (touch has no hover).
 */
export function setUpMenus(): void {
  const menus = () => [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];

  for (const menu of menus()) {
    menu.addEventListener('toggle', () => {
      if (menu.open) for (const other of menus()) if (other !== menu) other.open = false;
    });
  }

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = menus().find((menu) => menu.open && menu.contains(document.activeElement));
    if (!open) return;
    open.open = false;
    open.querySelector('summary')?.focus();
  });

  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    for (const menu of menus()) if (menu.open && !menu.contains(target)) menu.open = false;
  });

  document.addEventListener('click', (event) => {
    const toggle = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-subcategory-toggle]');
    if (!toggle) return;
    const item = toggle.closest<HTMLElement>('[data-category]');
    if (!item) return;
    const opening = !item.hasAttribute('data-open');
    for (const other of document.querySelectorAll('[data-category][data-open]')) {
      other.removeAttribute('data-open');
      other.querySelector('[data-subcategory-toggle]')?.setAttribute('aria-expanded', 'false');
    }
    if (opening) item.setAttribute('data-open', '');
    toggle.setAttribute('aria-expanded', String(opening));
  });
}
