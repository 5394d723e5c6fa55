/**
 * The platform's record services in English (list, read, add, change, delete, workflow actions):
 * `records.<what>` codes; `{{record}}` is the record type as the screens name it, `{{key}}` its key.
 */
export const records = {
  'records.notFound': '{{record}} {{key}} does not exist.',
  'records.addFirst': 'There is no {{record}} {{key}}; add it first.',
  'records.keyNotChangeable': 'Cannot be changed here; this form edits {{field}} {{value}}.',
  'records.giveOneValue': 'Give one value',
  'records.noneWithKey': 'No {{record}} has {{field}} "{{value}}".',
  'records.exists': '{{record}} {{key}} already exists.',
  'records.changedSinceOpened':
    '{{record}} {{key}} was changed by someone else after you opened it. Reload it and make your change again.',
  'records.changedSinceOpenedTryAgain':
    '{{record}} {{key}} was changed by someone else after you opened it. Reload it and try again.',
  'records.changedJustNow':
    '{{record}} {{key}} was changed by someone else just now. Reload it and try again.',
  'records.usedBy':
    '{{record}} {{key}} cannot be deleted: it is used by {{users}}. Delete or move those first.',
  'records.inUse': '{{record}} {{key}} is in use and cannot be deleted.',
  'records.outsideScope': '{{record}} {{key}} would lie outside your scope; you may only add your own.',
  'records.onlyYourOwn': 'You may only use {{field}} {{value}} (your own).',
  'records.accountLacks': 'Your account has no {{field}}; ask the exam office to set it.',
  'records.sortBy': 'Sort by one of {{fields}}',
  'records.nowStatus': '{{record}} {{key}} is now {{status}}.',
  'records.transitionRefused': '{{record}} {{key}} is {{status}} ({{code}}); {{why}}. {{now}}',
  'records.actionNeeds': '{{action}} needs {{condition}}',
  'records.actionNeedsUnnamed': '{{action}} needs a condition that does not hold',
  'records.actionNotFromStatus': '{{action}} is not allowed from that status',
  'records.allowedNow': 'Allowed now: {{actions}}.',
  'records.noActionNow': 'No action is allowed now.',
  'records.actionChoice': '{{action}} ({{key}})',
  'records.reasonRequired': 'Required: say why ({{action}} is recorded with its reason)',
  'records.created': '{{record}} created successfully.',
  'records.updated': '{{record}} updated successfully.',
  'records.deleted': '{{record}} deleted successfully.',
} as const;
