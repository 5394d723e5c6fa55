// Documents (lifecycle S10/S11): frozen payloads, state machine J, verification tokens, NAD export.
export * from './payload.ts';
export * from './document.ts';
export * from './verify.ts';
export * from './issuing.ts';
