import { Link } from 'react-router-dom';
import { type AlertFrequency, FREQUENCY_LABELS } from '@shared/schemas/alerts';
import { paths } from '@/app/paths';

/** The dashboard's frequency control; the "Change" links go to it. */
export const ALERT_FREQUENCY_ANCHOR = 'alert-frequency';

/** "Alerts: Daily · Change" (issue 24 §1), on the success page and the dashboard. */
export function AlertCadence({ frequency, className }: { frequency: AlertFrequency; className?: string }) {
  return (
    <p className={className} data-testid="alert-cadence">
      Alerts: <span className="font-semibold">{FREQUENCY_LABELS[frequency]}</span> ·{' '}
      <Link to={`${paths.dashboard}#${ALERT_FREQUENCY_ANCHOR}`} className="font-medium text-primary underline underline-offset-4">
        Change<span className="sr-only"> alert frequency</span>
      </Link>
    </p>
  );
}
