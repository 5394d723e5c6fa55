import {
  attendanceSheetWorkflow,
  attendanceStatus,
  seatingWorkflow,
  ufmCaseWorkflow,
  ufmDecision,
  ufmNature,
  admitCardWorkflow,
  attemptType,
  candidateType,
  codingMode,
  examCcinfoWorkflow,
  examFormStatus,
  examFormWorkflow,
  examPhase,
  phaseLocks,
  shift,
  type EnumDef,
} from '@exam/contracts';
import { entryBatchWorkflow, entryStatus, markComponent } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { screenModules } from '../../src/features/master-data/declarations/index.ts';
import { columnHeader, type ResourceScreens } from '../../src/features/master-data/declaration.ts';
import { admitCardTexts } from '../../src/features/exam-forms/admit-card-screen.tsx';
import { formLabels, formTexts } from '../../src/features/exam-forms/exam-form-screens.tsx';
import { linkLabels, linkTexts } from '../../src/features/exam-forms/exam-link-screens.tsx';
import { slotLabels, timetableTexts } from '../../src/features/exam-forms/timetable-screen.tsx';
import { studentScreens } from '../../src/features/students/declarations.ts';
import { conductTexts } from '../../src/features/conduct/conduct-screens.tsx';
import { marksTexts } from '../../src/features/marks/marks-screens.tsx';
import { marksRoutes } from '../../src/features/marks/routes.tsx';
import hindi from '@exam/contracts/i18n/screens-hi';

/**
 * Every text a declared screen shows (headings, field labels, help texts, buttons, confirmation sentences,
 * the labels of its dropdown options) has its Hindi: a screen switched to Hindi must not fall back to English
 * because a declaration grew a field nobody translated.
 */
const enumLabels = (enums: Record<string, EnumDef> | undefined) =>
  Object.values(enums ?? {}).flatMap((def) => def.options.map((option) => option.label));

function masterDataTexts(screens: ResourceScreens): string[] {
  const { list, view, add, edit } = screens;
  return [
    ...Object.values(screens.labels),
    ...Object.values(screens.help ?? {}),
    ...enumLabels(screens.enums),
    list.heading,
    list.addLabel,
    list.deleteConfirm,
    ...list.columns.map((column) => columnHeader(screens, column)),
    view.heading,
    ...(view.addLabel ? [view.addLabel] : []),
    ...(view.links ?? []).map((link) => link.label),
    ...(view.jobs ?? []).map((job) => job.label),
    add.heading,
    add.submitLabel,
    ...(add.anotherLabel ? [add.anotherLabel] : []),
    ...(edit ? [edit.heading, edit.submitLabel] : []),
  ];
}

/** Codes read the same in both languages (G1, TH, OBC, created_at): nothing to translate. */
const isCode = (text: string) => /^[A-Z0-9]+$|^[a-z_]+$/.test(text);
const untranslated = (texts: string[]) =>
  [...new Set(texts)].filter((text) => text.trim() && !isCode(text) && !(text in hindi)).sort();

describe('the Hindi catalogue', () => {
  it('covers every text of the master-data screens', async () => {
    const texts: string[] = [];
    for (const load of Object.values(screenModules)) texts.push(...masterDataTexts((await load()).screens));
    expect(untranslated(texts)).toEqual([]);
  });

  it('covers every text of the students screens', () => {
    const texts = Object.values(studentScreens).flatMap((screens) => [
      ...Object.values(screens.labels),
      ...enumLabels(screens.enums),
      screens.listTitle,
      screens.addTitle,
      screens.editTitle,
      screens.viewTitle,
    ]);
    expect(untranslated(texts)).toEqual([]);
  });

  it(
    'covers every text of the exam-forms screens: labels, enumeration and status labels, actions, phase ' +
      'locks and the texts written inline',
    () => {
      const enums = { attemptType, candidateType, codingMode, examFormStatus, examPhase, shift };
      const workflows = [examCcinfoWorkflow, examFormWorkflow, admitCardWorkflow];
      const texts = [
        ...Object.values(formLabels),
        ...Object.values(linkLabels),
        ...Object.values(slotLabels),
        ...enumLabels(enums),
        ...workflows.flatMap((workflow) => [
          ...workflow.states.map((state) => state.label),
          ...Object.values(workflow.actions).map((action) => action.label),
        ]),
        ...Object.values(phaseLocks),
        ...formTexts,
        ...linkTexts,
        ...timetableTexts,
        ...admitCardTexts,
      ];
      expect(untranslated(texts)).toEqual([]);
    },
  );

  it(
    'covers every text of the conduct screens: inline texts, table headers, workflow states, actions and ' +
      'their questions, enumerations',
    () => {
      const workflows = [seatingWorkflow, attendanceSheetWorkflow, ufmCaseWorkflow];
      const headers = [
        'Room',
        'Rows',
        'Capacity',
        'Floor',
        'Accessible',
        'Action',
        'Paper',
        'Candidates',
        'Seated',
        'Unseated',
        'Case',
        'Roll No.',
        'Nature',
        'Decision',
        'Status',
        'Slot',
        'Print',
      ];
      const texts = [
        ...conductTexts,
        ...headers,
        ...enumLabels({ ufmDecision, ufmNature, attendanceStatus }),
        ...workflows.flatMap((workflow) => [
          ...workflow.states.map((state) => state.label),
          ...Object.values(workflow.actions).flatMap((action) => [action.label, action.confirm]),
        ]),
      ];
      expect(untranslated(texts)).toEqual([]);
    },
  );

  it(
    'covers every text of the marks screens: inline texts, route titles, batch workflow states, actions ' +
      'and questions, enumerations',
    () => {
      const titles = marksRoutes
        .signedIn!.map((route) => (route.element as { props: { title?: string } }).props.title)
        .filter((title): title is string => !!title);
      const texts = [
        ...marksTexts,
        ...titles,
        ...enumLabels({ markComponent }),
        ...entryStatus.options.filter((o) => o.value !== 'UFM').map((o) => o.label),
        ...[entryBatchWorkflow].flatMap((workflow) => [
          ...workflow.states.map((state) => state.label),
          ...Object.values(workflow.actions).flatMap((action) => [action.label, action.confirm]),
        ]),
      ];
      expect(untranslated(texts)).toEqual([]);
    },
  );

  it('covers the generic parts every screen shares: dialogs, forms, tabs and workflow actions', () => {
    expect(
      untranslated([
        'Cancel',
        'OK',
        'Delete',
        'Saving…',
        'Part of the key: cannot change.',
        'Record',
        'History',
        'Field',
        'Value',
        'Record and history',
        'Reason',
        'required',
        'optional',
        'Working…',
        'Status and actions',
        'Status:',
        'Back to the list',
        'Enrolments',
        'Enrol in a semester',
        'Papers',
        'None yet.',
        'No photo yet',
        'No signature yet',
        'Upload photo',
        'Upload signature',
        'Photo',
        'Signature',
      ]),
    ).toEqual([]);
  });
});
