import { Badge, Tooltip } from '@mantine/core';
import { PRODUCTS, type ProductRow } from '../../../domain/entities/inventory/products.entity.ts';
import type { UnitDuty } from '../../../../modules/general/shared/entities/vaping-duty.ts';
import { formatCurrency } from '../../../domain/formats/currency.format.ts';
import { useApiRead } from '../../common/use-api-read.ts';

// A finished good's vaping duty per unit today (docs/domain/sales.md "Vaping duty"), beside its
// form's actions: what a sales order dated today adds to each bottle, federal and the stamp's
// province. Read again when the product is saved (its volume or stamp may have changed).

const dutyUrl = (id: number) => `${PRODUCTS.api.replace(/^\/api\//, '')}/${id}/vaping-duty`;

export function ProductDuty({ product }: { product: ProductRow }) {
  const duty = useApiRead<UnitDuty>(dutyUrl(product.id), product.version);
  if (!duty || duty.duty_per_unit === 0) return null;
  const parts = [`federal ${formatCurrency(duty.federal_duty)}`];
  if (duty.provincial_duty > 0) parts.push(`provincial ${formatCurrency(duty.provincial_duty)}`);
  return (
    <Tooltip label={`Today: ${parts.join(' + ')}`}>
      <Badge variant="outline" color="blue.9" tt="none" size="lg" data-testid="product-duty">
        Vaping duty {formatCurrency(duty.duty_per_unit)} a unit
      </Badge>
    </Tooltip>
  );
}
