import type { ComponentProps, ReactNode } from 'react';
import { POD_RECEIVER_RELATIONS } from '@gerai/contract';
import { FieldSuggestion } from './form-field';

// The receiver's fields of a proof made at the customer's address (scan and go, the return POD).

/**
 * Who took the goods, by their relation to the customer (scan and go, the return POD): the
 * contract's list, whose values are the spec's words, behind a placeholder that cannot be chosen.
 */
export function ReceiverRelationSelect({ placeholder, ...select }: ComponentProps<'select'> & { placeholder: string }) {
  return (
    <select {...select}>
      <option value="" disabled>
        {placeholder}
      </option>
      {POD_RECEIVER_RELATIONS.map((relation) => (
        <option key={relation} value={relation} className="text-slate-900">
          {relation}
        </option>
      ))}
    </select>
  );
}

/**
 * Under the receiver's name: its counter once typed; while empty, a tap that fills in the customer's
 * name (`label`: "Isi: <name>"), the usual receiver.
 */
export function receiverNameAfter({ counter, typed, customerName, label, onUse }: { counter: ReactNode; typed: string; customerName: string | null | undefined; label: string; onUse: (name: string) => void }): ReactNode {
  return counter ?? (!typed.trim() && customerName ? <FieldSuggestion onClick={() => onUse(customerName)}>{label}</FieldSuggestion> : null);
}
