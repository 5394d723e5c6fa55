// Conduct of the examination (lifecycle stage S5): centres, rooms, seating, attendance, UFM cases.
export * from './centre.ts';
export * from './seating.ts';
export * from './attendance.ts';
export * from './ufm.ts';
import { candidateNeedResource, centreResource, roomResource } from './centre.ts';
import { seatingResource } from './seating.ts';
import { attendanceResource, attendanceSheetResource } from './attendance.ts';
import { ufmCaseResource } from './ufm.ts';

/** The resources of conduct, in the order their screens list them. */
export const conductResources = [
  centreResource,
  roomResource,
  candidateNeedResource,
  seatingResource,
  attendanceSheetResource,
  attendanceResource,
  ufmCaseResource,
] as const;
