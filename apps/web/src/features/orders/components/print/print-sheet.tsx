import { useId, useState } from 'react';
import type { OrderDetail } from '@gerai/contract';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { ModalFrame } from '@/shared/modal/modal-frame';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { Button } from '@/shared/ui/button';
import { ScrollArea } from '@/shared/ui/scroll-area';
import { cn } from '@/shared/utils/cn';
import { PRINT_KINDS, PRINT_PAPER, type PrintKind } from '../../utils/print';
import { PackingSlip } from './packing-slip';
import { ShelfLabel } from './shelf-label';
import { usePrint } from './use-print';

const text = ordersText.print;

/**
 * The print preview: the chosen sheet as it will come out of the printer, "Cetak" and "Tutup".
 * The print CSS (index.css, "Order print sheets") prints only the sheet of this dialog, whatever
 * else the page holds; the choice, the hint and the buttons stay on the screen.
 */
export function PrintSheet({ order, initialKind = 'packing-slip', onClose }: { order: OrderDetail; initialKind?: PrintKind; onClose: () => void }) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const [kind, setKind] = useState<PrintKind>(initialKind);
  const { print, printing } = usePrint();
  const job = { kind, title: t(text.jobTitle, { kind: text.kinds[kind], shipmentNo: order.shipmentNo }), paper: PRINT_PAPER[kind] };

  return (
    <ModalFrame labelledBy={titleId} describedBy={`${uid}-hint`} dismissible onDismiss={onClose}>
      <ModalSheet
        titleId={titleId}
        title={text.title}
        onClose={onClose}
        footer={
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={onClose} data-testid="print-close">
              {id.common.close}
            </Button>
            <Button onClick={() => print(job)} loading={printing} data-autofocus data-testid="print-confirm">
              {text.print}
            </Button>
          </div>
        }
      >
        <div className="flex flex-col gap-3" data-testid="print-preview" data-kind={kind}>
          <fieldset className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
            <legend className="sr-only">{text.choose}</legend>
            {PRINT_KINDS.map((k) => (
              <label
                key={k}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                  k === kind ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600',
                )}
              >
                <input type="radio" name={`${uid}-kind`} value={k} checked={k === kind} onChange={() => setKind(k)} className="sr-only" data-testid={`print-kind-${k}`} />
                {text.kinds[k]}
              </label>
            ))}
          </fieldset>
          <p id={`${uid}-hint`} className="text-sm text-slate-600">
            {text.hint[kind]}
          </p>
          {/* The paper on a grey desk: the sheet at its printed size (the label 80 × 50 mm). */}
          <ScrollArea label={text.kinds[kind]} className="flex justify-center rounded-xl bg-slate-200 p-2">
            <div className={cn('shadow-md', kind === 'packing-slip' && 'w-full max-w-[105mm]')}>
              {kind === 'packing-slip' ? <PackingSlip order={order} /> : <ShelfLabel order={order} />}
            </div>
          </ScrollArea>
        </div>
      </ModalSheet>
    </ModalFrame>
  );
}
