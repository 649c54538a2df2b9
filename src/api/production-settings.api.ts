import type { ProductionSettingRow } from '../domain/entities/production/production-settings.ts';
import type { Request } from './request.ts';

// The Production settings screen's calls: every production.* and report.* setting with its
// version (0 = never saved), and the save of one with the version read.

export async function fetchProductionSettings(request: Request): Promise<ProductionSettingRow[]> {
  const answer = await request<{ rows: ProductionSettingRow[] }>({ url: 'production/settings' });
  return answer.data.rows;
}

export async function saveProductionSetting(
  request: Request,
  row: Pick<ProductionSettingRow, 'key' | 'version'>,
  value: unknown,
): Promise<ProductionSettingRow> {
  const answer = await request<ProductionSettingRow>({
    url: `production/settings/${row.key}`,
    method: 'PUT',
    data: { value, version: row.version },
  });
  return answer.data;
}
