import type { TicketAttachment } from '@gerai/contract';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { t } from '@/shared/i18n/id';
import { Icon } from '@/shared/ui/icons';

const text = helpdeskText.detail;

/** A ticket's files: photos as thumbnails, PDF as a named link; one's own may be deleted. */
export function AttachmentList({ files, onDelete, disabled = false }: { files: readonly TicketAttachment[]; onDelete: (file: TicketAttachment) => void; disabled?: boolean }) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" data-testid="ticket-attachments">
      {files.map((f) => (
        <li key={f.id} className="relative flex items-center gap-1 rounded-xl border border-slate-200 bg-white" data-testid={`ticket-attachment-${f.id}`}>
          <a href={f.url} target="_blank" rel="noreferrer" aria-label={t(text.openFile, { name: f.fileName })} className="flex min-h-11 items-center gap-2 p-1 pr-2">
            {f.mime.startsWith('image/') ? (
              <img src={f.url} alt={f.fileName} className="size-16 rounded-lg object-cover" loading="lazy" />
            ) : (
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-slate-100 text-xs font-bold text-slate-700">PDF</span>
            )}
            <span className="max-w-28 truncate text-xs text-slate-700">{f.fileName}</span>
          </a>
          {f.canDelete ? (
            <button
              type="button"
              disabled={disabled}
              onClick={() => onDelete(f)}
              aria-label={t(text.deleteFile, { name: f.fileName })}
              className="inline-flex size-11 items-center justify-center rounded-xl text-red-700 hover:bg-red-50"
              data-testid={`ticket-attachment-delete-${f.id}`}
            >
              <Icon name="close" className="size-5" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
