import { Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { LabelCheckForm } from './label-check-form.tsx';
import { useLabelingOrders } from './use-labeling-orders.ts';

// The label check in a modal: from an order's card (the order given) or from the label check
// logs (the person chooses an order in labeling first). On a phone it fills the screen, so the
// inputs stay large and in one column.

export function LabelCheckModal({
  orderId,
  onClose,
  onRecorded,
}: {
  /** The order of the card it was opened from; null asks which order in labeling. */
  orderId: number | null;
  onClose: () => void;
  onRecorded?: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)', false);
  const { orders } = useLabelingOrders(true);
  const [chosen, setChosen] = useState<number | null>(orderId);
  const order = orders?.find((o) => o.id === chosen) ?? null;
  const picker = useRef<HTMLInputElement>(null);
  const loaded = orders !== null;
  // The orders arrive after the modal opened and focused what it had: the picker takes the
  // focus once it is there, so a scanner can type the order's number straight away.
  useEffect(() => {
    if (loaded) picker.current?.focus();
  }, [loaded]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={700}>Record label check</Text>}
      fullScreen={phone}
      size="lg"
    >
      <Stack>
        {orders === null && <Loader size="sm" />}
        {orders !== null && orderId === null && (
          <Select
            size="lg"
            label="Order in labeling"
            placeholder={
              orders.length > 0 ? 'Choose or type its number' : 'No order is in labeling'
            }
            searchable
            // Typing (or scanning) an order's number and pressing Enter takes the first match.
            selectFirstOptionOnChange
            ref={picker}
            data={orders.map((o) => ({
              value: String(o.id),
              label: `${o.number} · ${o.product_sku ?? ''}`,
            }))}
            value={chosen === null ? null : String(chosen)}
            onChange={(value) => setChosen(value === null ? null : Number(value))}
            nothingFoundMessage="No order in labeling has that number"
          />
        )}
        {orders !== null && orderId !== null && order === null && (
          <Text c="red">This order is no longer in labeling.</Text>
        )}
        {order && (
          <LabelCheckForm
            key={order.id}
            order={order}
            onCancel={onClose}
            onRecorded={() => {
              onRecorded?.();
              onClose();
            }}
          />
        )}
      </Stack>
    </Modal>
  );
}
