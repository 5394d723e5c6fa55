import type { ReactNode } from 'react';

/**
 * A wide table's scrolling box: focusable and named, so a keyboard user can scroll it too (axe's
 * scrollable-region-focusable) and a screen reader says what the region holds.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll results-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
