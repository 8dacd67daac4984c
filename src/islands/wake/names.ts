/** The event a script dispatches on `document` (detail: the island's name) to wake an island. */
export const WAKE_EVENT = 'island:wake';
/** The window property holding the names asked for so far, for islands that connect later. */
export const WAKE_REQUESTS = '__islandWakes';
