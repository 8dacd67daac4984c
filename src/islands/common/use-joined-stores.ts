import { useEffect } from 'react';
import { joinStores } from '../../scripts/page-stores';

/**
 * An island that reads the shared stores joins them to the page when it mounts: the site
 * settings follow /master and the stored cart follows the server (scripts/page-stores.ts).
 * The first island to mount does it; the others find it done.
 */
export function useJoinedStores(): void {
  useEffect(() => {
    void joinStores();
  }, []);
}
