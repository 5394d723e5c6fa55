/** Long work run as jobs, in English: `jobs.<what>` codes, `{{name}}` parameters. */
export const jobs = {
  'jobs.notFound': 'No such job.',
  'jobs.unknownKind': 'No runner of this version knows jobs of kind {{kind}}.',
  'jobs.failedOnServer': 'The job failed because of an error on the server; it has been logged.',
  'jobs.moreErrors': '… and {{count}} more that are not listed.',
  'jobs.gaveUp':
    'The job stopped {{attempts}} times without finishing (its process ended each time); it was given up.',
} as const;
