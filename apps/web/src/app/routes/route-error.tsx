import type { FallbackProps } from 'react-error-boundary';
import { DEFAULT_ERROR_MODAL, id } from '@/shared/i18n/id';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';

/** A screen that crashed (or whose code failed to load): say so in Indonesian and offer a reload. */
export default function RouteError({ error }: Pick<FallbackProps, 'error'>) {
  if (import.meta.env.DEV) console.error(error);
  return (
    <main role="alert" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Icon name="alert" className="size-12 text-amber-600" />
      <h1 className="text-xl font-bold text-slate-900">{DEFAULT_ERROR_MODAL.title}</h1>
      <p className="text-slate-600">{id.errors.pageCrashed}</p>
      <p className="text-sm text-slate-500">{DEFAULT_ERROR_MODAL.message}</p>
      <Button onClick={() => window.location.reload()}>{id.common.refresh}</Button>
      <a href="/" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        {id.common.toHome}
      </a>
    </main>
  );
}
