import type { ReactNode } from 'react';
import { cn } from '@/shared/utils/cn';

/**
 * A product as its row or card names it, beside its thumb: the name (two lines at most) and, under it,
 * its code in mono (barcode, booking number); `children` adds the row's own lines under them.
 * `inline` draws it with spans, for a row that is itself a button.
 */
export function ProductTitle({
  name,
  code,
  nameClassName = 'text-sm font-medium',
  nameTestId,
  codeTestId,
  inline = false,
  children,
}: {
  name: string;
  code: string;
  nameClassName?: string;
  nameTestId?: string;
  codeTestId?: string;
  inline?: boolean;
  children?: ReactNode;
}) {
  const Box = inline ? 'span' : 'div';
  const Line = inline ? 'span' : 'p';
  return (
    <Box className="flex min-w-0 flex-1 flex-col">
      <Line className={cn('line-clamp-2 text-slate-900', nameClassName)} data-testid={nameTestId}>
        {name}
      </Line>
      <Line className="font-mono text-xs text-slate-500" data-testid={codeTestId}>
        {code}
      </Line>
      {children}
    </Box>
  );
}
