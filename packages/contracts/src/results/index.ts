// The results module's shapes: rule sets, the grading engine's input and its computed studentresult.
export * from './decimal.ts';
export * from './ruleset-rules.ts';
export * from './ruleset-presets.ts';
export * from './grading-input.ts';
export * from './student-result.ts';
export * from './result-run.ts';
export * from './result-views.ts';
export * from './explanation-text.ts';
