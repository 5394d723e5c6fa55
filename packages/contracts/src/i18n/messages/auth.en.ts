/** Sign-in and sessions in English: `auth.<what>` codes, `{{name}}` parameters. */
export const auth = {
  'auth.loginFailed': 'Invalid email or password.',
  'auth.tooManyFailedSignIns': 'Too many failed sign-ins. Try again in {{minutes}} minute(s).',
  'auth.loginSuccessful': 'Login successful.',
  'auth.signedOut': 'You have been signed out.',
  'auth.signInFirst': 'Sign in first: this call needs a bearer token.',
  'auth.tooManyRequests':
    'You have too many requests running at once; wait for them to finish, then try again.',
  'auth.signedOutAlready': 'You have signed out; please sign in again.',
  'auth.accountGone': 'This account no longer exists or is disabled.',
  // A role without a capability (identity/capabilities.ts): `{{what}}` is the capability's description.
  'auth.roleMayNot': 'The {{role}} role may not {{what}}.',
  'auth.noMasterData': 'The {{role}} role has no access to master data.',
  'auth.masterDataReadOnly': 'The {{role}} role may view master data but not change it; ask the exam office.',
  'auth.noColleges': 'The {{role}} role has no access to colleges.',
} as const;
