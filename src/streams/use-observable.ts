import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** The latest value of an observable while the component is mounted; `initial` before that. */
export function useObservable<T>(source: Observable<T> | null, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    if (!source) return;
    const subscription = source.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [source]);
  return value;
}
