import { roundMoney, sumMoney } from '../../../general/shared/entities/document-taxes.ts';

// The vaping duty of a sales order as Canadian vape wholesalers invoice it: the federal excise
// duty and each province's additional duty on lines of their own (docs/domain/sales.md
// "Vaping duty"). Split from the duty each line was figured with (qty × duty per unit,
// sales-order-totals.ts), never figured again: the federal part is the quantity at the federal
// duty per unit, the province's is what remains, so the parts add up to the line's duty, and
// the order's, to the cent.

export type DutyLine = {
  readonly qty: number;
  /** Per unit, as the line keeps it. */
  readonly federal_duty: number;
  /** The line's duty (qty × duty per unit, to the cent). */
  readonly duty_total: number;
  /** The stamp jurisdiction whose additional duty the line owes, null when it owes none. */
  readonly province: string | null;
};

export type OrderDutyTotals = {
  federal: number;
  /** One per province owed, in the order its lines first appear. */
  provincial: { province: string; amount: number }[];
};

/** A line's duty as its federal part and its province's additional part. */
export function lineDutyParts(line: DutyLine): { federal: number; provincial: number } {
  const federal = Math.min(line.duty_total, roundMoney(line.qty * line.federal_duty));
  return { federal, provincial: roundMoney(line.duty_total - federal) };
}

/** The order's federal duty and each province's additional duty. */
export function orderDutyTotals(lines: readonly DutyLine[]): OrderDutyTotals {
  const federal: number[] = [];
  const byProvince = new Map<string, number[]>();
  for (const line of lines) {
    const parts = lineDutyParts(line);
    federal.push(parts.federal);
    if (parts.provincial === 0) continue;
    const province = line.province ?? 'Provincial';
    byProvince.set(province, [...(byProvince.get(province) ?? []), parts.provincial]);
  }
  return {
    federal: sumMoney(federal),
    provincial: [...byProvince].map(([province, amounts]) => ({
      province,
      amount: sumMoney(amounts),
    })),
  };
}
