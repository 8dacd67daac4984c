/** The event a script dispatches on `document` (detail: the island's name) to wake an island. */
export const WAKE_EVENT = 'island:wake';
/** The window property holding the names asked for so far, for islands that connect later. */
const WAKE_REQUESTS = '__islandWakes';

/** The names of the islands asked for so far on this page (wakeIsland adds, the directive reads). */
export function wakeRequests(): Set<string> {
  const page = window as unknown as Record<string, Set<string> | undefined>;
  return (page[WAKE_REQUESTS] ??= new Set());
}
