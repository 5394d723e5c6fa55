import { useT } from '../../lib/i18n.ts';

/** The page sizes a list offers (the spec's), 'All' meaning as many as one answer carries. */
export const PAGE_SIZES = [5, 10, 20, 30, 40, 50, 100, 200, 'All'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 5;

export const pageCount = (total: number, size: PageSize) =>
  size === 'All' ? 1 : Math.max(1, Math.ceil(total / size));

/** The page numbers to offer: first, last, and the neighbours of the current page, with gaps as null. */
export function pageWindow(page: number, count: number): (number | null)[] {
  const wanted = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

interface PagerProps {
  page: number;
  size: PageSize;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
  idPrefix: string;
}

export function Pager({ page, size, total, onPage, onSize, idPrefix }: PagerProps) {
  const count = pageCount(total, size);
  const first = total === 0 ? 0 : size === 'All' ? 1 : (page - 1) * size + 1;
  const last = size === 'All' ? total : Math.min(total, page * size);
  const { t } = useT();
  return (
    <nav className="pager" aria-label={t('Pagination')}>
      <label className="pager-size" htmlFor={`${idPrefix}-page-size`}>
        {t('Page size')}
        <select
          id={`${idPrefix}-page-size`}
          value={String(size)}
          onChange={(event) =>
            onSize(event.target.value === 'All' ? 'All' : (Number(event.target.value) as PageSize))
          }
        >
          {PAGE_SIZES.map((choice) => (
            <option key={choice} value={String(choice)}>
              {choice === 'All' ? t('All') : choice}
            </option>
          ))}
        </select>
      </label>
      <span className="pager-range" aria-live="polite">
        {total === 0 ? t('No rows') : t('Showing {{first}}–{{last}} of {{total}}', { first, last, total })}
      </span>
      <ul className="pager-pages">
        <li>
          <button
            type="button"
            className="button small"
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
          >
            {t('Previous')}
          </button>
        </li>
        {pageWindow(page, count).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pager-gap">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={`button small${p === page ? ' current' : ''}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('Page {{page}}', { page: p })}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="button small"
            onClick={() => onPage(page + 1)}
            disabled={page >= count}
          >
            {t('Next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
