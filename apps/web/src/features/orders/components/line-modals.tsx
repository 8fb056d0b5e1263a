import { useEffect, useState } from 'react';
import type { OrderDetail, OrderProduct } from '@gerai/contract';
import { lineBookedUnits } from '@gerai/contract';
import type { ApiError } from '@/shared/api/api-error';
import { sayRefusal } from '@/shared/api/refusal';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ConfirmFooter } from '@/shared/modal/confirm-footer';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { useScanStore } from '@/shared/stores/scan-store';
import { Icon } from '@/shared/ui/icons';
import { clampQuantity, Stepper } from '@/shared/ui/stepper';
import { useOrder } from '../api/get-order';
import { useSetLineOutOfStock } from '../api/set-line-out-of-stock';
import { useSetLineQuantity } from '../api/set-line-quantity';
import { PICKING_OTHERWISE, PICKING_REFUSALS } from '../refusals';

function InlineError({ error }: { error: ApiError | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800">
      <Icon name="alert" className="size-5 shrink-0" />
      {sayRefusal(PICKING_REFUSALS, error, PICKING_OTHERWISE).text}
    </p>
  );
}

function useLine(payload: Readonly<Record<string, string>>): { shipmentNo: string; order: OrderDetail | undefined; line: OrderProduct | undefined } {
  const shipmentNo = payload.shipmentNo ?? '';
  const order = useOrder(shipmentNo).data;
  const line = order?.products.find((l) => String(l.lineId) === payload.lineId);
  return { shipmentNo, order, line };
}

interface LineStepperProps {
  titleId: string;
  title: string;
  line: OrderProduct;
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
  /** `<testId>-modal`, `<testId>-confirm` and the stepper's own ids. */
  testId: string;
  confirmText: string;
  onConfirm: () => void;
  saving: boolean;
  error: ApiError | null;
  hints: readonly string[];
  finish: () => void;
}

/** The two line modals: one product, a stepper from 0 to `max`, the limits under it, and confirm. */
function LineStepperSheet({ titleId, title, line, label, value, max, onChange, testId, confirmText, onConfirm, saving, error, hints, finish }: LineStepperProps) {
  return (
    <ModalSheet
      titleId={titleId}
      title={title}
      onClose={finish}
      footer={<ConfirmFooter onCancel={finish} onConfirm={onConfirm} confirmText={confirmText} loading={saving} testId={`${testId}-confirm`} />}
    >
      <div className="flex flex-col gap-3" data-testid={`${testId}-modal`}>
        <p className="font-medium text-slate-900">{line.name}</p>
        <p className="text-sm text-slate-600">{label}</p>
        <Stepper value={value} min={0} max={max} onChange={onChange} label={label} decreaseLabel={id.common.decrease} increaseLabel={id.common.increase} testId={testId} />
        {hints.map((hint) => (
          <p key={hint} className="text-xs text-slate-500">
            {hint}
          </p>
        ))}
        <InlineError error={error} />
      </div>
    </ModalSheet>
  );
}

/**
 * The spec's edit-quantity modal. The stepper edits the product's qtyEdit in the
 * scan store; confirming sends it and, once the server took it, copies qtyEdit
 * into qty. Never below 0, never above ordered − out of stock.
 */
export function EditQuantityModal({ modal, finish, titleId }: ModalRendererProps) {
  const { shipmentNo, line } = useLine(modal.payload);
  const addProduct = useScanStore((s) => s.addProduct);
  const setQtyEdit = useScanStore((s) => s.setQtyEdit);
  const confirmQty = useScanStore((s) => s.confirmQty);
  const scanned = useScanStore((s) => (line ? s.products.find((p) => p.productID === line.productID) : undefined));
  const save = useSetLineQuantity(shipmentNo, {
    onQueued: () => {
      if (line) confirmQty(line.productID);
      finish();
    },
    onSuccess: () => {
      // The server took qtyEdit: it is the product's quantity now.
      if (line) confirmQty(line.productID);
      finish();
    },
  });

  // Start from what the server has: the line's picked quantity.
  useEffect(() => {
    if (line) addProduct({ productID: line.productID, barcode: line.barcode, name: line.name, qty: line.qtyPicked, attrQtyOos: line.attrQtyOos });
    // Only when the modal opens for this line.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [line?.lineId]);

  if (!line) {
    return (
      <ModalSheet titleId={titleId} title={ordersText.editQuantity.title} onClose={finish}>
        <p className="text-slate-600">{ordersText.detail.notFoundTitle}</p>
      </ModalSheet>
    );
  }
  const max = Math.max(0, line.qty - line.attrQtyOos);
  const value = clampQuantity(scanned?.qtyEdit ?? line.qtyPicked, 0, max);
  return (
    <LineStepperSheet
      titleId={titleId}
      title={ordersText.editQuantity.title}
      line={line}
      label={ordersText.editQuantity.label}
      value={value}
      max={max}
      onChange={(v) => setQtyEdit(line.productID, v)}
      testId="edit-quantity"
      confirmText={ordersText.editQuantity.confirm}
      onConfirm={() => save.mutate({ lineId: line.lineId, qty: value })}
      saving={save.isPending}
      error={save.error}
      hints={[t(ordersText.editQuantity.max, { max, qty: line.qty, oos: line.attrQtyOos })]}
      finish={finish}
    />
  );
}

/**
 * The spec's out-of-stock modal: attrQtyOos of a line, never below 0, and
 * picked + out of stock + booked from other stores (not arrived yet) never above
 * the ordered quantity: booked units are on their way, not missing (decision 88).
 */
export function OutOfStockModal({ modal, finish, titleId }: ModalRendererProps) {
  const { shipmentNo, order, line } = useLine(modal.payload);
  const setOutOfStock = useScanStore((s) => s.setOutOfStock);
  const addProduct = useScanStore((s) => s.addProduct);
  const [value, setValue] = useState<number | null>(null);
  const save = useSetLineOutOfStock(shipmentNo, {
    onQueued: (vars) => {
      if (line) setOutOfStock(line.productID, vars.qtyOos);
      finish();
    },
    onSuccess: (order, vars) => {
      const saved = order.products.find((l) => l.lineId === vars.lineId);
      if (saved) {
        addProduct({ productID: saved.productID, barcode: saved.barcode, name: saved.name, qty: saved.qtyPicked });
        setOutOfStock(saved.productID, saved.attrQtyOos);
      }
      finish();
    },
  });

  if (!line) {
    return (
      <ModalSheet titleId={titleId} title={ordersText.outOfStock.title} onClose={finish}>
        <p className="text-slate-600">{ordersText.detail.notFoundTitle}</p>
      </ModalSheet>
    );
  }
  const booked = order ? lineBookedUnits(order.bookings, line.lineId) : 0;
  const max = Math.max(0, line.qty - line.qtyPicked - booked);
  // Opens on "everything not picked (nor booked) yet is missing": the usual case.
  const current = clampQuantity(value ?? (line.attrQtyOos > 0 ? line.attrQtyOos : max), 0, max);
  return (
    <LineStepperSheet
      titleId={titleId}
      title={ordersText.outOfStock.title}
      line={line}
      label={ordersText.outOfStock.label}
      value={current}
      max={max}
      onChange={setValue}
      testId="oos"
      confirmText={ordersText.outOfStock.confirm}
      onConfirm={() => save.mutate({ lineId: line.lineId, qtyOos: current })}
      saving={save.isPending}
      error={save.error}
      hints={
        booked > 0
          ? [t(ordersText.outOfStock.maxBooked, { max, qty: line.qty, picked: line.qtyPicked, booked }), ordersText.outOfStock.hintBooked]
          : [t(ordersText.outOfStock.max, { max, qty: line.qty, picked: line.qtyPicked }), ordersText.outOfStock.hint]
      }
      finish={finish}
    />
  );
}
