// The one definition of every shape, one folder per module; each module is reached through its index.ts.
export * from './kit/index.ts';
export * from './identity/index.ts';
export * from './master-data/index.ts';
export * from './students/index.ts';
export * from './exam-forms/index.ts';
export * from './coding/index.ts';
export * from './student-demo/index.ts';
export * from './results/index.ts';
export * from './conduct/index.ts';
export * from './marks/index.ts';
export * from './post-result/index.ts';
export * from './documents/index.ts';
export * from './i18n/index.ts';
