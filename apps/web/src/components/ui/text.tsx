import { useT } from '../../lib/i18n.ts';

/**
 * A declared text (a label, a heading) in the screens' language: for places that render text but hold no `t`.
 */
export function T({ children }: { children: string }) {
  const { t } = useT();
  return <>{t(children)}</>;
}
