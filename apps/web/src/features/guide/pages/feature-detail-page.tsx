import { useParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { guideText } from '@/shared/i18n/guide';
import { ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { EmptyState } from '@/shared/ui/state-views';

/** /feature-list/:id: what one feature does and how to use it, step by step. */
export default function FeatureDetailPage() {
  const { id: entryId } = useParams();
  const entry = guideText.entries.find((e) => e.id === entryId);

  if (!entry) {
    return (
      <>
        <PageHeader title={id.routes.featureList} backTo={paths.featureGuide} />
        <div className="p-4">
          <EmptyState title={guideText.notFound}>
            <ButtonLink to={paths.featureGuide} variant="secondary">
              {guideText.backToList}
            </ButtonLink>
          </EmptyState>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={entry.title} backTo={paths.featureGuide} />
      <article className="flex flex-col gap-4 p-4">
        <p className="text-slate-700">{entry.summary}</p>
        <p className="text-sm text-slate-600">
          <span className="font-semibold">{guideText.audience}: </span>
          {entry.audience}
        </p>
        <section aria-labelledby="guide-steps" className="rounded-2xl bg-white p-4 shadow-sm">
          <h2 id="guide-steps" className="mb-3 font-semibold text-slate-900">
            {guideText.steps}
          </h2>
          <ol className="flex flex-col gap-3">
            {entry.steps.map((step, i) => (
              <li key={step} className="flex gap-3">
                <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <span className="pt-0.5 text-slate-800">{step}</span>
              </li>
            ))}
          </ol>
        </section>
        {entry.tips.length ? (
          <section aria-labelledby="guide-tips" className="rounded-2xl bg-amber-50 p-4">
            <h2 id="guide-tips" className="mb-2 font-semibold text-amber-900">
              {guideText.tips}
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-amber-900">
              {entry.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <ButtonLink to={entry.route} block>
          {guideText.openFeature}
        </ButtonLink>
      </article>
    </>
  );
}
