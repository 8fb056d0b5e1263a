import { id, t } from '../i18n/id';
import { ButtonLink, Button } from './button';
import { PageHeader, useGoBack } from './page-header';
import { EmptyState } from './state-views';

/** Honest placeholder for a screen of the spec that is not built yet: no fake data. */
export function UnavailablePage({ title }: { title: string }) {
  const goBack = useGoBack();
  return (
    <>
      <PageHeader title={title} />
      <div className="p-4">
        <EmptyState icon="info" title={id.unavailable.title} message={t(id.unavailable.message, { feature: title })}>
          <Button variant="secondary" onClick={goBack}>
            {id.common.back}
          </Button>
          <ButtonLink to="/" variant="ghost">
            {id.common.toHome}
          </ButtonLink>
        </EmptyState>
      </div>
    </>
  );
}
