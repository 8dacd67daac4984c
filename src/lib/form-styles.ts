/** A text input's, select's or textarea's look on the shop's forms, its red border when the server refused it included. */
export const FIELD_CLASS =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-primary-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-primary-600 aria-[invalid=true]:border-red-500';
