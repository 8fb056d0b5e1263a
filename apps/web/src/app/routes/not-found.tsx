import { id } from '@/shared/i18n/id';
import { ButtonLink } from '@/shared/ui/button';

export default function NotFoundRoute() {
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-black text-brand-700">{id.notFound.code}</p>
      <h1 className="text-xl font-bold text-slate-900">{id.notFound.title}</h1>
      <p className="text-slate-600">{id.notFound.message}</p>
      <ButtonLink to="/" className="mt-2">
        {id.common.toHome}
      </ButtonLink>
    </div>
  );
}
