/** Conduct of the examination (lifecycle S5): centres, rooms, seating, attendance, UFM cases. */
export { attendanceOfAttempts, attendanceLockedForPaper } from './read-model.ts';
export type { AttemptAttendance, AttendanceStatus, PendingSheet, SheetStatus, Reader } from './read-model.ts';
