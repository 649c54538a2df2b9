import { useEffect } from 'react';
import { useServices } from '../../services.context.ts';

/**
 * Holds the shared loading flag on while `active` is true, and lets it go when it turns false
 * or the view unmounts. The machine's own 2-minute limit covers a stop that never comes.
 */
export function useLoadingWhile(active: boolean): void {
  const { loading } = useServices();
  useEffect(() => {
    if (!active) return;
    loading.send({ type: 'loading.start' });
    return () => loading.send({ type: 'loading.stop' });
  }, [active, loading]);
}
