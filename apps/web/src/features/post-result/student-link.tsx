import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n.ts';

/**
 * On the student's dashboard, under its published results: where it applies for re-totalling or revaluation.
 */
export default function StudentRevalLink() {
  const { t } = useT();
  return (
    <section className="panel-section" aria-labelledby="my-reval">
      <h3 id="my-reval">{t('Re-totalling and revaluation')}</h3>
      <p>
        <Link to="/RevalEntry">{t('Apply for re-totalling or revaluation, or see your applications')}</Link>
      </p>
    </section>
  );
}
