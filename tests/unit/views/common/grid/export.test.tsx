import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  downloadFile,
  fileNameOf,
  type DownloadProgress,
} from '../../../../../src/api/download.ts';
import { entityApi } from '../../../../../src/api/entity.api.ts';
import { COUNTRIES } from '../../../../../modules/general/shared/entities/countries.entity.ts';
import {
  ExportMenu,
  type ExportDownload,
} from '../../../../../src/views/common/grid/export-menu.tsx';
import { renderWithMantine } from '../render-with-mantine.tsx';
import { Notifications } from '@mantine/notifications';

afterEach(cleanup);

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

describe('a streamed download', () => {
  it('sends the token, reports rows against X-Total-Rows and keeps the server file name', async () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        new Response(streamOf(['Name\r\n', 'Canada\r\nFrance\r\n', 'Mexico\r\n']), {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="countries-20260101.csv"',
            'X-Total-Rows': '3',
          },
        }),
      ),
    );
    const progress: DownloadProgress[] = [];
    const result = await downloadFile(
      { url: 'general/countries/export', params: { format: 'csv', columns: ['name'] } },
      { onProgress: (p) => progress.push(p) },
      {
        fetch: fetch as unknown as typeof globalThis.fetch,
        getToken: () => 'Bearer t',
        baseUrl: '/api',
      },
    );
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/general/countries/export?format=csv&columns%5B%5D=name');
    expect(init?.headers).toEqual({ Authorization: 'Bearer t' });
    expect(result.fileName).toBe('countries-20260101.csv');
    expect(await result.blob.text()).toBe('Name\r\nCanada\r\nFrance\r\nMexico\r\n');
    expect(progress.at(-1)).toMatchObject({ rows: 3, totalRows: 3, fraction: 1 });
  });

  it('reads RFC 6266 file names', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''pa%C3%AFs.xlsx")).toBe('païs.xlsx');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('the export menu', () => {
  it('exports exactly the current filter, sort and visible columns', async () => {
    const user = userEvent.setup();
    const download = vi.fn<ExportDownload>(() =>
      Promise.resolve({ blob: new Blob(['x']), fileName: 'countries.xlsx' }),
    );
    const save = vi.fn<(result: { blob: Blob; fileName: string }) => void>();
    renderWithMantine(
      <>
        <Notifications />
        <ExportMenu
          api={entityApi(COUNTRIES)}
          label="Countries"
          query={{
            filter: [
              {
                field: 'name',
                field_type: 'text',
                filters: [
                  { logic_operator: 'and', operator: 'contains', value_type: 'value', value: 'an' },
                ],
              },
            ],
            sort: { field: 'name', direction: 'desc' },
          }}
          columns={['name', 'iso2']}
          download={download}
          save={save}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    const [target] = download.mock.calls[0] ?? [];
    expect(target).toEqual({
      url: 'general/countries/export',
      params: {
        filter: [
          {
            field: 'name',
            field_type: 'text',
            filters: [
              { logic_operator: 'and', operator: 'contains', value_type: 'value', value: 'an' },
            ],
          },
        ],
        sort: { field: 'name', direction: 'desc' },
        format: 'xlsx',
        columns: ['name', 'iso2'],
      },
    });
    const [saved] = save.mock.calls[0] ?? [];
    expect(saved).toMatchObject({ fileName: 'countries.xlsx' });
  });
});
