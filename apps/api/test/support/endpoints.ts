import {
  can,
  extraEndpoints,
  masterDataWorkflows,
  paperInfoSemResource,
  resourceByName,
  resources,
  sessionCopyPath,
  sessionResource,
  studentCcinfoResource,
  studentImageKinds,
  marksResources,
  entryBatchResource,
  entryBatchWorkflow,
  markCorrectionWorkflow,
  studentResource,
  studentResources,
  timetableResource,
  admitCardResource,
  admitCardWorkflow,
  examFormResources,
  examFormResource,
  examCcinfoWorkflow,
  examFormWorkflow,
  conductResources,
  seatingResource,
  seatingWorkflow,
  attendanceSheetResource,
  attendanceSheetWorkflow,
  attendanceResource,
  ufmCaseWorkflow,
  codingResources,
  packetResource,
  packetWorkflow,
  resultRunResource,
  resultRunWorkflow,
  studentResultKeyFields,
  postResultResource,
  postResultWorkflow,
  documentResource,
  documentWorkflow,
  documentIssuingResource,
  type CapabilityKey,
  type Resource,
  type RoleName,
} from '@exam/contracts';

/**
 * Every operation the API serves, derived from the contracts registry and the extra routes, each with
 * the rule that decides who may call it. The rule only names a capability of the one grants table
 * (contracts' identity/capabilities.ts), so a change there changes every expectation built on it.
 * roles.test.ts checks that this list and the OpenAPI document (itself checked against the served
 * routes by openapi.test.ts) name exactly the same operations.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  // `or`: a call that also answers holders of another capability (each within its own scope).
  | { kind: 'capability'; capability: CapabilityKey; or?: CapabilityKey };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** OpenAPI spelling, under /api: `/ccinfosem/{session_id}/{course_comb_id}/{sem_id}`. */
  path: string;
  access: Access;
  /** The resource for CRUD operations; `keyed` when the path names one record. */
  resource?: Resource;
  keyed?: boolean;
  /**
   * A file call of the resource: its list as a download (the list's own path and method with `?format=`, so
   * the OpenAPI document lists it once), its import template, or its import (multipart, not JSON).
   */
  file?: 'export' | 'template' | 'import';
  /** A workflow action on the record (`POST <key path>/<action>`), from the workflow's declaration. */
  action?: string;
  /** The action on many records at once (`POST /<R>/bulk/<action>`). */
  bulk?: boolean;
  /** A keyed read of something the record may not have yet (a student's photo): 200 or 404 for every role. */
  mayBeMissing?: boolean;
  /** The query a call needs to be a valid request (a list that is always of one exam). */
  query?: string;
}

const needs = (capability: string, or?: string): Access => ({
  kind: 'capability',
  capability: capability as CapabilityKey,
  ...(or ? { or: or as CapabilityKey } : {}),
});
const read = needs('master-data.read');

export const keyPathOf = (resource: Resource) =>
  `/${resource.path}/${resource.keyFields.map((f) => `{${f}}`).join('/')}`;

/**
 * The calls the resource engine serves for a resource: list, create, one, edit, delete, files and history.
 */
const engineEndpoints = (resource: Resource): Endpoint[] => [
  { method: 'GET', path: `/${resource.path}`, access: needs(resource.capability.read), resource },
  { method: 'POST', path: `/${resource.path}`, access: needs(resource.capability.write), resource },
  {
    method: 'GET',
    path: keyPathOf(resource),
    access: needs(resource.capability.read),
    resource,
    keyed: true,
  },
  {
    method: 'PUT',
    path: keyPathOf(resource),
    access: needs(resource.capability.write),
    resource,
    keyed: true,
  },
  {
    method: 'DELETE',
    path: keyPathOf(resource),
    access: needs(resource.capability.write),
    resource,
    keyed: true,
  },
  {
    method: 'GET',
    path: `/${resource.path}`,
    access: needs(resource.capability.read),
    resource,
    file: 'export',
  },
  {
    method: 'GET',
    path: `/import-template/${resource.path}`,
    access: needs(resource.capability.read),
    resource,
    file: 'template',
  },
  {
    method: 'POST',
    path: `/import/${resource.path}`,
    access: needs(resource.capability.write),
    resource,
    file: 'import',
  },
  {
    method: 'GET',
    path: `/history${keyPathOf(resource)}`,
    access: needs(resource.capability.read),
    resource,
    keyed: true,
  },
];

const single: Endpoint[] = [
  { method: 'GET', path: '/health', access: { kind: 'public' } },
  { method: 'GET', path: '/ready', access: { kind: 'public' } },
  { method: 'GET', path: '/openapi.json', access: { kind: 'public' } },
  { method: 'GET', path: '/client-config', access: { kind: 'public' } },
  { method: 'POST', path: '/login', access: { kind: 'public' } },
  { method: 'GET', path: '/check-user', access: { kind: 'signed-in' } },
  { method: 'POST', path: '/logout', access: { kind: 'signed-in' } },
  { method: 'GET', path: '/course/{offset}/{limit}', access: read },
  ...extraEndpoints.map((e) => ({ method: e.method.toUpperCase() as Method, path: e.path, access: read })),
  { method: 'GET', path: '/audit', access: needs('audit.read') },
  { method: 'POST', path: '/affiliation-letters', access: needs('master-data.write') },
  {
    method: 'GET',
    path: `${keyPathOf(paperInfoSemResource)}/scheme-check`,
    access: needs(paperInfoSemResource.capability.read),
    resource: paperInfoSemResource,
    keyed: true,
  },
  // A copy into an existing session from one named by nothing (the matrix fills only the target's key): 404,
  // no change.
  {
    method: 'POST',
    path: sessionCopyPath,
    access: needs(sessionResource.capability.write),
    resource: sessionResource,
    keyed: true,
  },
  ...[
    ...resources,
    ...studentResources,
    ...examFormResources,
    timetableResource,
    admitCardResource,
    ...conductResources,
  ].flatMap(engineEndpoints),
  // The students module's own calls: photo and signature, and the change of an enrolment's elective choices.
  ...studentImageKinds.flatMap((kind): Endpoint[] => [
    {
      method: 'GET',
      path: `${keyPathOf(studentResource)}/${kind}`,
      access: needs(studentResource.capability.read),
      resource: studentResource,
      keyed: true,
      mayBeMissing: true,
    },
    {
      method: 'POST',
      path: `${keyPathOf(studentResource)}/${kind}`,
      access: needs(studentResource.capability.write),
      resource: studentResource,
      keyed: true,
    },
  ]),
  {
    method: 'PUT',
    path: `${keyPathOf(studentCcinfoResource)}/electives`,
    access: needs(studentCcinfoResource.capability.write),
    resource: studentCcinfoResource,
    keyed: true,
  },
  // The timetable's own calls: clashes of an exam, and its date sheet.
  { method: 'GET', path: '/timetable/clashes', access: needs(timetableResource.capability.read) },
  { method: 'GET', path: '/timetable/datesheet/{exam_id}', access: needs(timetableResource.capability.read) },
  // Admit cards' own calls: one card's PDF, a college's cards, generating and publishing/withholding in bulk.
  {
    method: 'GET',
    path: `${keyPathOf(admitCardResource)}/pdf`,
    access: needs(admitCardResource.capability.read),
    resource: admitCardResource,
    keyed: true,
    mayBeMissing: true,
  },
  {
    method: 'GET',
    path: '/admitcard-batch/{exam_id}/{college_id}/pdf',
    access: needs(admitCardResource.capability.write),
    keyed: true,
    mayBeMissing: true,
  },
  { method: 'POST', path: '/admitcard-generate', access: needs(admitCardResource.capability.write) },
  { method: 'POST', path: '/admitcard-bulk/publish', access: needs(admitCardResource.capability.write) },
  { method: 'POST', path: '/admitcard-bulk/withhold', access: needs(admitCardResource.capability.write) },
  // The exam forms' own calls: the printout and a student's eligible back/improvement papers.
  {
    method: 'GET',
    path: `${keyPathOf(examFormResource)}/pdf`,
    access: needs(examFormResource.capability.read),
    resource: examFormResource,
    keyed: true,
  },
  {
    method: 'GET',
    path: '/examform-eligible/{student_id}',
    access: needs(examFormResource.capability.read),
    resource: studentResource,
    keyed: true,
  },
  // Conduct's own calls (S5): generating a seating plan, its chart and printouts; the attendance sheet, its
  // entry, reconciliation and corrections.
  {
    method: 'POST',
    path: `${keyPathOf(seatingResource)}/generate`,
    access: needs('conduct.write'),
    resource: seatingResource,
    keyed: true,
    mayBeMissing: true,
  },
  ...['chart', 'pdf', 'stickers.pdf'].map((what): Endpoint => ({
    method: 'GET',
    path: `${keyPathOf(seatingResource)}/${what}`,
    access: needs('conduct.read'),
    resource: seatingResource,
    keyed: true,
    mayBeMissing: true,
  })),
  {
    method: 'GET',
    path: '/attendance/sheet/{slot_id}/{centre_id}/pdf',
    access: needs('conduct.read'),
    resource: attendanceSheetResource,
    keyed: true,
    mayBeMissing: true,
  },
  {
    method: 'GET',
    path: `${keyPathOf(attendanceSheetResource)}/reconciliation`,
    access: needs('conduct.read'),
    resource: attendanceSheetResource,
    keyed: true,
    mayBeMissing: true,
  },
  {
    method: 'PUT',
    path: `${keyPathOf(attendanceSheetResource)}/entries`,
    access: needs('conduct.write'),
    resource: attendanceSheetResource,
    keyed: true,
    mayBeMissing: true,
  },
  {
    method: 'POST',
    path: `${keyPathOf(attendanceResource)}/correct`,
    access: needs('conduct.write'),
    resource: attendanceResource,
    keyed: true,
    mayBeMissing: true,
  },
  ...[
    ...masterDataWorkflows,
    examCcinfoWorkflow,
    examFormWorkflow,
    admitCardWorkflow,
    seatingWorkflow,
    attendanceSheetWorkflow,
    ufmCaseWorkflow,
  ].flatMap((workflow): Endpoint[] => {
    const resource =
      resourceByName(workflow.resource) ??
      [...examFormResources, admitCardResource, ...conductResources].find(
        (r) => r.name === workflow.resource,
      )!;
    return Object.entries(workflow.actions).map(([action, { capability }]) => ({
      method: 'POST',
      path: `${keyPathOf(resource)}/${action}`,
      access: needs(capability),
      resource,
      keyed: true,
      action,
    }));
  }),
  // Marks (S3, S6, S7): engine resources, the batches' own calls (opening, rows, award sheet, pending list)
  // and workflows.
  ...marksResources.flatMap(engineEndpoints),
  // A teacher opens its own internal batches (internal-marks.enter); the office every batch.
  { method: 'POST', path: '/entrybatch-open', access: needs('exam-setup.write', 'internal-marks.enter') },
  { method: 'GET', path: '/entrybatch-pending', access: needs('marks.read') },
  { method: 'GET', path: '/markrecord', access: needs('marks.read') },
  ...(['GET', 'PUT'] as const).map((method): Endpoint => ({
    method,
    path: `${keyPathOf(entryBatchResource)}/rows`,
    access: needs('marks.read'),
    resource: entryBatchResource,
    keyed: true,
    mayBeMissing: true,
  })),
  {
    method: 'GET',
    path: `${keyPathOf(entryBatchResource)}/pdf`,
    access: needs('marks.read'),
    resource: entryBatchResource,
    keyed: true,
    mayBeMissing: true,
  },
  ...[entryBatchWorkflow, markCorrectionWorkflow].flatMap((workflow): Endpoint[] => {
    const resource = marksResources.find((r) => r.name === workflow.resource)!;
    return Object.entries(workflow.actions).map(([action, { capability }]) => ({
      method: 'POST',
      path: `${keyPathOf(resource)}/${action}`,
      access: needs(capability),
      resource,
      keyed: true,
      action,
    }));
  }),
  // Coding (S6): packets and examiners through the engine, the packet's actions and slip; the coding map's
  // calls and the decode are the secrecy cell's (admin's coding.secrecy; an office user's own flag is tested
  // in coding.test.ts).
  ...codingResources.flatMap(engineEndpoints),
  ...Object.entries(packetWorkflow.actions).map(([action, { capability }]): Endpoint => ({
    method: 'POST',
    path: `${keyPathOf(packetResource)}/${action}`,
    access: needs(capability),
    resource: packetResource,
    keyed: true,
    action,
  })),
  {
    method: 'GET',
    path: `${keyPathOf(packetResource)}/pdf`,
    access: needs(packetResource.capability.read),
    resource: packetResource,
    keyed: true,
    mayBeMissing: true,
  },
  { method: 'GET', path: '/coding-access', access: { kind: 'signed-in' } },
  { method: 'GET', path: '/coding', access: needs('coding.secrecy'), query: '?exam_id=MAIN-DEC-2024' },
  ...(['', '/map', '/stickers.pdf'] as const).map((what): Endpoint => ({
    method: 'GET',
    path: `/coding/{exam_id}/{paper_id}${what}`,
    access: needs('coding.secrecy'),
    keyed: true,
    mayBeMissing: true,
  })),
  ...(['assign', 'flap', 'packets'] as const).map((what): Endpoint => ({
    method: 'POST',
    path: `/coding/{exam_id}/{paper_id}/${what}`,
    access: needs('coding.secrecy'),
    keyed: true,
    mayBeMissing: true,
  })),
  ...(['GET', 'POST'] as const).map((method): Endpoint => ({
    method,
    path: '/decode/{exam_id}/{paper_id}',
    access: needs('coding.secrecy'),
    keyed: true,
    mayBeMissing: true,
  })),
  // Results (S8/S9): runs through the engine (started by POST /api/resultrun), their actions and working
  // papers; the read-only student results, analysis and merit list.
  ...engineEndpoints(resultRunResource),
  ...Object.entries(resultRunWorkflow.actions).map(([action, { capability }]): Endpoint => ({
    method: 'POST',
    path: `${keyPathOf(resultRunResource)}/${action}`,
    access: needs(capability),
    resource: resultRunResource,
    keyed: true,
    action,
  })),
  ...['exceptions', 'diff', 'register.pdf'].map((what): Endpoint => ({
    method: 'GET',
    path: `${keyPathOf(resultRunResource)}/${what}`,
    access: needs('results.read'),
    resource: resultRunResource,
    keyed: true,
    mayBeMissing: true,
  })),
  { method: 'GET', path: '/studentresult', access: needs('results.read') },
  {
    method: 'GET',
    path: `/studentresult/${studentResultKeyFields.map((f) => `{${f}}`).join('/')}`,
    access: needs('results.read'),
    keyed: true,
    mayBeMissing: true,
  },
  ...['/resultanalysis', '/meritlist'].map((path): Endpoint => ({
    method: 'GET',
    path,
    access: needs('results.read'),
    query: '?exam_id=MAIN-DEC-2023&session_id=2023-24&course_comb_id=BA01&sem_id=1',
  })),
  // Post-result applications (S9): applications through the engine (made by POST /api/postresult), their
  // actions (workflow I), a student's eligible papers and the revaluation award list by fictitious number.
  ...engineEndpoints(postResultResource),
  ...Object.entries(postResultWorkflow.actions).map(([action, { capability }]): Endpoint => ({
    method: 'POST',
    path: `${keyPathOf(postResultResource)}/${action}`,
    access: needs(capability),
    resource: postResultResource,
    keyed: true,
    action,
  })),
  {
    method: 'GET',
    path: '/postresult-eligible',
    access: needs('postresult.apply'),
    query: '?student_id=S0001',
  },
  ...(['GET', 'POST'] as const).map((method): Endpoint => ({
    method,
    path: '/revalawardlist',
    access: needs('postresult.process'),
  })),
  // Documents (S10/S11): documents through the engine (drafted by POST /api/document), their actions
  // (workflow J), the PDF, the batch job, the NAD export, series and the spoilage register; verification
  // needs no sign-in.
  ...engineEndpoints(documentResource),
  ...engineEndpoints(documentIssuingResource),
  ...Object.entries(documentWorkflow.actions).map(([action, { capability }]): Endpoint => ({
    method: 'POST',
    path: `${keyPathOf(documentResource)}/${action}`,
    access: needs(capability),
    resource: documentResource,
    keyed: true,
    action,
  })),
  {
    method: 'GET',
    path: `${keyPathOf(documentResource)}/pdf`,
    access: needs('documents.read'),
    resource: documentResource,
    keyed: true,
    mayBeMissing: true,
  },
  { method: 'POST', path: '/document/batch', access: needs('documents.prepare') },
  // The exam's documents named by the query, like a record by its key: 404 when there is nothing to print
  // (one PDF, or with ?format=zip a ZIP of one PDF per document: the same operation).
  {
    method: 'GET',
    path: '/document/print',
    access: needs('documents.prepare'),
    query: '?exam_id=MAIN-DEC-2023',
    keyed: true,
    mayBeMissing: true,
  },
  { method: 'GET', path: '/nad/export', access: needs('documents.approve'), query: '?exam_id=MAIN-DEC-2023' },
  { method: 'GET', path: '/documentseries', access: needs('documents.prepare') },
  { method: 'GET', path: '/stationeryspoilage', access: needs('documents.prepare') },
  { method: 'POST', path: '/stationeryspoilage', access: needs('documents.approve') },
  { method: 'GET', path: '/verify/{token}', access: { kind: 'public' }, keyed: true, mayBeMissing: true },
];

/** Every call: the single ones, and the bulk form of every workflow action (`POST /<R>/bulk/<action>`). */
export const endpoints: Endpoint[] = [
  ...single,
  ...single
    .filter((e) => e.action && e.resource)
    .map((e): Endpoint => ({
      method: 'POST',
      path: `/${e.resource!.path}/bulk/${e.action}`,
      access: e.access,
      resource: e.resource,
      action: e.action,
      bulk: true,
    })),
];

/** What the permission table says about a role (undefined: no token at all). */
export function mayCall(role: RoleName | undefined, endpoint: Endpoint): boolean {
  const access = endpoint.access;
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed-in':
      return role !== undefined;
    case 'capability':
      return (
        can(role, access.capability) !== undefined || (!!access.or && can(role, access.or) !== undefined)
      );
  }
}

/** Fills `{name}` placeholders with already-encoded path segments. */
export const fillPath = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in ${template}`);
    return values[name]!;
  });

export const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Distinct paths (templates), each with the methods served on it. */
export function pathsWithMethods(): Map<string, Method[]> {
  const paths = new Map<string, Method[]>();
  for (const e of endpoints)
    if (!paths.get(e.path)?.includes(e.method)) paths.set(e.path, [...(paths.get(e.path) ?? []), e.method]);
  return paths;
}
