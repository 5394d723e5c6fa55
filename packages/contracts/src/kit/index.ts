// The toolkit every module's contracts are built with: field builders, resources, lists, the error body.
export * from './fields.ts';
export * from './list.ts';
export * from './resource.ts';
export * from './errors.ts';
export * from './audit.ts';
export * from './client-config.ts';
export * from './files.ts';
export * from './workflow.ts';
export * from './jobs.ts';
export * from './stored-files.ts';
