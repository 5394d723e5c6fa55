import type { AffiliationLettersRequest, JobAccepted } from '@exam/contracts';
import { request } from '../../../lib/api.ts';

/** `POST /api/affiliation-letters`: starts printing the letters (a job); answers the job to follow. */
export async function startAffiliationLetters(body: AffiliationLettersRequest) {
  return (await request<JobAccepted>('/affiliation-letters', { method: 'POST', body })).job;
}
