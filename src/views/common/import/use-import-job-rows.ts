import { useEffect, useState } from 'react';
import {
  fetchImportRows,
  type ImportRowsFilter,
  type ImportRowsPage,
} from '../../../api/import-job-rows.api.ts';

// The rows of one import job as its grid pages and filters them: each change of the filter
// reads its page afresh, and a read overtaken by the next one is abandoned.

export const IMPORT_ROWS_PER_PAGE = 50;

export function useImportJobRows(url: string) {
  const [filter, setFilter] = useState<ImportRowsFilter>({
    page: 1,
    per_page: IMPORT_ROWS_PER_PAGE,
  });
  const [page, setPage] = useState<ImportRowsPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    setFailed(false);
    fetchImportRows(url, filter, abort.signal).then(
      (read) => setPage(read),
      () => {
        if (!abort.signal.aborted) setFailed(true);
      },
    );
    return () => abort.abort();
  }, [url, filter]);

  return {
    filter,
    page,
    failed,
    /** A new result or text filter starts again at the first page. */
    narrow: (change: Pick<ImportRowsFilter, 'result' | 'q'>) =>
      setFilter((f) => ({ ...f, ...change, page: 1 })),
    goTo: (next: number) => setFilter((f) => ({ ...f, page: next })),
  };
}
