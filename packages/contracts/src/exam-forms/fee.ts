import { concessionList } from './exam-ccinfo.ts';
import { fromPaise, toPaise } from './money.ts';
import type { FeeLine } from './exam-form.ts';

/** The fee settings of an exam course link (decimal text, rupees). */
export interface FeeSettings {
  base_fee?: string | null;
  back_paper_fee?: string | null;
  practical_fee?: string | null;
  late_fee?: string | null;
  category_concessions?: string | null;
  form_due_at?: string | Date | null;
}

/** What the fee depends on for one form. */
export interface FeeInput {
  category: string;
  /** Back and improvement papers on the form. */
  backPapers: number;
  /** Practical papers on the form (paperinfosem th_pr_status PR). */
  practicalPapers: number;
  /** When the form is filled or submitted. */
  at: Date;
}

/**
 * A form's fee (lifecycle spec S2): base + per back/improvement paper + per practical paper − the category's
 * concession (percent of those, rounded half up to the paisa) + the late fee after form_due_at. Exact: in
 * paise. Every line says what it is and why, in the order the screen and the printout show them.
 */
export function computeFee(
  settings: FeeSettings,
  input: FeeInput,
): { total: string; late: string; lines: FeeLine[] } {
  const lines: FeeLine[] = [];
  const line = (item: string, paise: number, text: string) =>
    lines.push({ item, amount: fromPaise(Math.abs(paise)).replace(/^/, paise < 0 ? '-' : ''), text });
  const base = toPaise(settings.base_fee);
  line('Base fee', base, 'Examination fee per form');
  const back = toPaise(settings.back_paper_fee) * input.backPapers;
  if (input.backPapers)
    line(
      'Back/improvement papers',
      back,
      `${input.backPapers} × ₹${fromPaise(toPaise(settings.back_paper_fee))}`,
    );
  const practical = toPaise(settings.practical_fee) * input.practicalPapers;
  if (input.practicalPapers)
    line(
      'Practical papers',
      practical,
      `${input.practicalPapers} × ₹${fromPaise(toPaise(settings.practical_fee))}`,
    );
  let total = base + back + practical;
  const concession = concessionList(settings.category_concessions).find((c) => c.category === input.category);
  if (concession && Number(concession.percent) > 0) {
    // percent has at most two decimals: percent × 100 is whole; half up to the paisa.
    const hundredths = Math.round(Number(concession.percent) * 100);
    const off = Math.floor((total * hundredths + 5000) / 10000);
    line('Concession', -off, `${concession.percent} % for category ${input.category}`);
    total -= off;
  }
  const due = settings.form_due_at ? new Date(settings.form_due_at) : null;
  const late = due && input.at.getTime() > due.getTime() ? toPaise(settings.late_fee) : 0;
  if (late) line('Late fee', late, `Filled after the due date ${due!.toISOString().slice(0, 10)}`);
  total += late;
  lines.push({ item: 'Total', amount: fromPaise(total), text: 'Amount payable' });
  return { total: fromPaise(total), late: fromPaise(late), lines };
}
