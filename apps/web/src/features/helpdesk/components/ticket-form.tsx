import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SHIPMENT_NO_PATTERN, TICKET_TEXT } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { fieldControl, FormField } from '@/shared/ui/form-field';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';
import { useCreateTicket, type CreateTicketVars } from '../api/create-ticket';
import { useProblems } from '../api/get-problems';
import { FilePicker, UploadProgress } from './file-picker';

const text = helpdeskText.form;

/**
 * "Buat tiket": the shipment (prefilled from the route), the staff's name, the problem, what
 * happened and optional files. Sent with files by the multipart call (progress shown), else JSON.
 */
export function TicketForm({ shipmentNo = '', staffName = '', mode }: { shipmentNo?: string; staffName?: string; mode: string }) {
  const uid = useId();
  const navigate = useNavigate();
  const problems = useProblems();
  const [shipment, setShipment] = useState(shipmentNo);
  const [staff, setStaff] = useState(staffName);
  const [problemId, setProblemId] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const tooLong = isTooLong(description, TICKET_TEXT.descriptionMax);
  const write = useCreateTicket({
    chooseOtherFile: () => fileInput.current?.click(),
    helpCenter: (vars: CreateTicketVars) => ({ shipmentNo: vars.body.shipmentNo }),
    onSuccess: (ticket) => {
      showToast(text.created, 'success');
      navigate(paths.reportedDetail({ mode, id: ticket.id }), { replace: true });
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The field says how much is too much; nothing is cut, nothing sent.
    if (tooLong) return;
    const body = { shipmentNo: shipment.trim(), description: description.trim(), staffName: staff.trim() || undefined, problemId: Number(problemId) };
    if (!SHIPMENT_NO_PATTERN.test(body.shipmentNo) || !body.problemId || body.description.length < TICKET_TEXT.descriptionMin) {
      setError(text.required);
      return;
    }
    setError(null);
    write.mutate({ body, files });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 pb-24" data-testid="ticket-form" noValidate>
      <Card title={text.title}>
        <FormField htmlFor={`${uid}-shipment`} label={text.shipmentNo} error={null}>
          <input {...fieldControl(`${uid}-shipment`, null)} value={shipment} onChange={(e) => setShipment(e.target.value)} maxLength={40} autoComplete="off" placeholder={text.shipmentHint} data-testid="ticket-shipment" />
        </FormField>
        <FormField htmlFor={`${uid}-staff`} label={text.staffName} error={null}>
          <input {...fieldControl(`${uid}-staff`, null)} value={staff} onChange={(e) => setStaff(e.target.value)} maxLength={TICKET_TEXT.staffNameMax} autoComplete="name" data-testid="ticket-staff" />
        </FormField>
        <FormField htmlFor={`${uid}-problem`} label={text.problem} error={null}>
          <select {...fieldControl(`${uid}-problem`, null)} value={problemId} onChange={(e) => setProblemId(e.target.value)} data-testid="ticket-problem">
            <option value="">{text.problemPlaceholder}</option>
            {(problems.data?.items ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </FormField>
        <TextAreaField
          id={`${uid}-description`}
          label={text.description}
          value={description}
          onChange={setDescription}
          max={TICKET_TEXT.descriptionMax}
          error={error}
          errorTestId="ticket-form-error"
          placeholder={text.descriptionPlaceholder}
          testId="ticket-description"
          className="min-h-28 rounded-xl py-2"
        />
      </Card>
      <Card title={text.attachments}>
        <FilePicker files={files} onChange={setFiles} disabled={write.isPending} inputRef={fileInput} />
      </Card>
      <ActionBar>
        {/* The upload's progress sits in the bar, above its button: always in view while the files go. */}
        <div className="flex w-full flex-col gap-2">
          <UploadProgress progress={write.progress} />
          <Button type="submit" block loading={write.isPending} disabled={tooLong} data-testid="ticket-submit">
            {text.submit}
          </Button>
        </div>
      </ActionBar>
    </form>
  );
}
