/**
 * The student-records demo; `/List` is the list that Back to Home returns to (the legacy route named List).
 */
export const demoPaths = {
  list: '/List',
  add: '/add',
  edit: (id: string | number) => `/edit/${id}`,
  view: (id: string | number) => `/view/${id}`,
};
