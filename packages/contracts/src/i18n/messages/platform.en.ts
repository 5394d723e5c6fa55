/**
 * The platform's messages in English: the answers every call can give (the error converter, sign-in, the
 * generic engine's refusals). A code is `platform.<what>`; `{{name}}` is a parameter.
 */
export const platform = {
  'platform.notFound': 'Not found.',
  'platform.noSuchCall': 'No such API call: {{method}} {{path}}',
  'platform.recordMissing': 'The record does not exist.',
  'platform.duplicateKey': 'A record with this key already exists.',
  'platform.dependedOn': 'Other records depend on this one, or a record it points at is missing.',
  'platform.invalidData': 'The given data was invalid.',
  'platform.notJson': 'The request body is not valid JSON.',
  'platform.bodyTooLarge': 'The request body is too large.',
  'platform.notUtf8Json': 'Send the request body as UTF-8 JSON.',
  'platform.brokenEscape': 'The request address is malformed (a broken %-escape).',
  'platform.tookTooLong':
    'The database took too long to answer and the request was stopped. Try again in a moment, or narrow the search.',
  'platform.busy': 'The server is busy right now; please try again in a few seconds.',
  'platform.databaseUnreachable': 'The database is not reachable right now; please try again in a minute.',
  'platform.databaseRestarting': 'The database is restarting; please try again in a few seconds.',
  'platform.checkWhetherSaved':
    '{{reason}} If you were saving a change, reload first to see whether it was saved.',
  'platform.internal': 'Something went wrong on the server. It has been logged; please try again.',
  'platform.sessionInvalid': 'Your session has expired or is invalid; please sign in again.',
  'platform.roleMayNot': 'Your role may not do this.',
  'platform.nulCharacter': 'Must not contain the NUL character (\\u0000)',
  'platform.text': '{{text}}',
  'platform.methodNotAllowed': '{{method}} is not supported here; use {{allowed}}.',
  'platform.sendJson': 'Send the request body as JSON (Content-Type: application/json).',
  'platform.headersTooLong': 'The request address or its headers are too long.',
  'platform.requestTooSlow': 'The request took too long to arrive.',
  'platform.malformedRequest': 'The request is malformed.',
} as const;
