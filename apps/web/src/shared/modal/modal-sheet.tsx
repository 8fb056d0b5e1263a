import type { ReactNode } from 'react';
import { id } from '../i18n/id';
import { Icon } from '../ui/icons';

/** Header + scrollable body for content modals (store info, super user, filter…). */
export function ModalSheet({ titleId, title, onClose, children, footer }: { titleId: string; title: string; onClose?: () => void; children: ReactNode; footer?: ReactNode }) {
  return (
    <>
      <div className="flex items-center gap-2 border-b border-slate-200 py-2 pr-2 pl-4">
        <h2 id={titleId} className="flex-1 text-lg font-bold text-slate-900">
          {title}
        </h2>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={id.modal.closeLabel}
            className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <Icon name="close" />
          </button>
        ) : null}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
      {footer ? <div className="border-t border-slate-200 p-4">{footer}</div> : null}
    </>
  );
}
