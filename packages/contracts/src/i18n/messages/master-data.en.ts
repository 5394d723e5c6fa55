/** The master-data module's messages in English: `masterData.<what>` codes, `{{name}}` parameters. */
export const masterData = {
  // Lookups (lookup-routes.ts, session-copy-rules.ts, scheme-check-rules.ts).
  'masterData.noSuchSession': 'Session {{session_id}} does not exist.',
  'masterData.noSuchRecord': '{{title}} {{key}} does not exist.',

  // Copying a session (session-copy-rules.ts).
  'masterData.copyFromItself': 'Choose another session to copy from than the one copied into.',
  'masterData.copyPreview': 'Copying {{from}} into {{to}} would create {{made}} ({{kept}}).',
  'masterData.copyDone': 'Copied {{from}} into {{to}}: created {{made}} ({{kept}}, left as they were).',
  'masterData.copyMade': '{{links}} course-semester links and {{schemes}} paper schemes',
  'masterData.copyKept': '{{kept}} already in {{to}}',
  'masterData.copiedFrom': 'Copied from session {{from}}',
  'masterData.copyRace':
    'Session {{to}} was being filled by someone else at the same time; nothing was copied. Run the preview again.',

  // Rule sets (ruleset-rules.ts).
  'masterData.rulesetLocked':
    'Rule set {{ruleset_id}} version {{version}} is locked: a published result was computed with it, so it cannot change. Make a new version instead.',

  // Letters of affiliation (affiliation-letters.ts).
  'masterData.starterCannotSignIn': 'The user who started this job can no longer sign in.',
  'masterData.starterMayNotPrint':
    'The user who started this job may no longer print letters of affiliation.',
  'masterData.noCollege': 'No college {{college_id}}.',
  'masterData.noChosenCollege': 'None of the chosen colleges exists; no letter was printed.',
} as const;
