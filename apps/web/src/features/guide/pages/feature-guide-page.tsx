import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { guideText } from '@/shared/i18n/guide';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';

/** /feature-guide: every feature of the app with a one-line summary. */
export default function FeatureGuidePage() {
  return (
    <>
      <PageHeader title={id.routes.featureGuide} />
      <div className="flex flex-col gap-3 p-4">
        <p className="text-slate-600">{guideText.intro}</p>
        <ul className="flex flex-col gap-2">
          {guideText.entries.map((entry) => (
            <li key={entry.id}>
              <Link
                to={paths.featureList(entry.id)}
                className="flex min-h-11 items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm active:bg-slate-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{entry.title}</span>
                  <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{entry.summary}</span>
                </span>
                <Icon name="chevronRight" className="size-5 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
