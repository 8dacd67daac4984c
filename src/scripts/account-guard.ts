import { auth } from '../stores/auth';

/** Account pages leave for / as soon as the session ends in this or another tab (docs/product.md §2.2). */
auth.listen((state) => {
  if (!state.token) window.location.assign('/');
});
