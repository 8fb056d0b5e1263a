import { useId, useState, type Ref } from 'react';
import { TICKET_ATTACHMENT_TYPES, TICKET_ATTACHMENTS } from '@gerai/contract';
import { checkFile, TICKET_FILE_RULE } from '@/shared/api/upload';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { t } from '@/shared/i18n/id';
import { Icon } from '@/shared/ui/icons';
import { fieldsText } from '@/shared/i18n/fields';

const text = helpdeskText.form;

/**
 * Files chosen for a ticket write (photos or PDF), kept on the screen until it is sent: a list with
 * a remove button each. Each picked file is checked on the phone first by the contract's rule (its
 * type by its bytes, its size), as the server would: a refused one is never listed nor sent, and
 * the crew are told why and offered another file.
 */
export function FilePicker({
  files,
  onChange,
  disabled = false,
  label = text.addFiles,
  inputRef,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  label?: string;
  /** The hidden input, for a screen that offers "Pilih file lain" after the server refused a file. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const uid = useId();
  const [refused, setRefused] = useState<string[]>([]);
  const full = files.length >= TICKET_ATTACHMENTS.maxFiles;
  const pick = async (picked: File[]) => {
    const problems = await Promise.all(picked.map((f) => checkFile(f, TICKET_FILE_RULE)));
    const taken = picked.filter((_, i) => !problems[i]);
    const room = TICKET_ATTACHMENTS.maxFiles - files.length;
    const notes = picked.flatMap((f, i) => (problems[i] ? [t(fieldsText.files.refused, { name: f.name, reason: problems[i].message })] : []));
    if (taken.length > room) notes.push(t(text.tooMany, { max: TICKET_ATTACHMENTS.maxFiles }));
    setRefused(notes);
    if (taken.length) onChange([...files, ...taken.slice(0, room)]);
  };
  return (
    <div className="flex flex-col gap-2" data-testid="ticket-files">
      {files.length ? (
        <ul className="flex flex-col gap-1">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex items-center gap-2 rounded-xl bg-slate-100 pl-3 text-sm text-slate-800">
              <span className="min-w-0 flex-1 truncate">{f.name}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={t(text.removeFile, { name: f.name })}
                onClick={() => onChange(files.filter((_, k) => k !== i))}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-200"
              >
                <Icon name="close" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={inputRef}
        id={uid}
        type="file"
        multiple
        accept={TICKET_ATTACHMENT_TYPES.join(',')}
        className="sr-only"
        disabled={disabled || full}
        data-testid="ticket-file-input"
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          e.target.value = '';
          void pick(picked);
        }}
      />
      {refused.length ? (
        <div role="alert" className="flex flex-col gap-1 rounded-xl bg-red-50 p-3 text-sm text-red-800" data-testid="ticket-file-refused">
          {refused.map((note) => (
            <p key={note} className="break-words">
              {note}
            </p>
          ))}
        </div>
      ) : null}
      <label
        htmlFor={uid}
        aria-disabled={disabled || full}
        className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-brand-700 bg-white px-4 font-semibold text-brand-700 aria-disabled:opacity-50"
      >
        <Icon name="camera" className="size-5" />
        {refused.length ? fieldsText.files.chooseOther : label}
      </label>
      <p className="text-xs text-slate-500">{t(text.attachmentsHint, { max: TICKET_ATTACHMENTS.maxFiles, mb: TICKET_ATTACHMENTS.maxBytes / 1024 / 1024 })}</p>
    </div>
  );
}

/** The share of an upload sent, as a bar with its percentage (spec §9: progress while a file goes). */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <div className="flex flex-col gap-1" data-testid="ticket-upload-progress">
      <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t(helpdeskText.upload.progress, { percent })} className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600 tabular-nums">{t(helpdeskText.upload.progress, { percent })}</p>
    </div>
  );
}
