import { defineWorkflow, type Workflow } from '../kit/index.ts';
import { collegeStatus } from './entities/college.ts';

/**
 * A college's affiliation: suspended (the reason is required: it takes the college away from its normal
 * state) and reinstated. Only these actions move `college.status`; create and edit never write it.
 */
export const collegeWorkflow = defineWorkflow({
  resource: 'college',
  field: 'status',
  states: collegeStatus.options,
  initial: 'ACTIVE',
  actions: {
    suspend: {
      label: 'Suspend',
      from: ['ACTIVE'],
      to: 'SUSPENDED',
      capability: 'master-data.write',
      backward: true,
      reason: 'required',
      confirm:
        'Suspend the affiliation of {college_name} ({college_id})? The reason is kept in the audit trail.',
    },
    reinstate: {
      label: 'Reinstate',
      from: ['SUSPENDED'],
      to: 'ACTIVE',
      capability: 'master-data.write',
      reason: 'optional',
      confirm: 'Reinstate the affiliation of {college_name} ({college_id})?',
    },
  },
});

/** The workflows of master data; the API serves their actions and the record screens show them. */
export const masterDataWorkflows: readonly Workflow[] = [collegeWorkflow];

/** The workflow that moves a resource's records, if it has one. */
export const workflowOf = (resourceName: string): Workflow | undefined =>
  masterDataWorkflows.find((w) => w.resource === resourceName);
