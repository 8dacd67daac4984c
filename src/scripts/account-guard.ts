import { auth } from '../stores/auth';

/** Account pages leave for / as soon as the session ends in this or another tab (spec, section 2). */
auth.listen((state) => {
  if (!state.token) window.location.assign('/');
});
