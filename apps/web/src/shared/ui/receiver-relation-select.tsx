import type { ComponentProps } from 'react';
import { POD_RECEIVER_RELATIONS } from '@gerai/contract';

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
