/**
 * Input the engine cannot grade (marks above a maximum, a rule set without bands, ...): a value the caller
 * turns into an exception row or a 422.
 */
export class GradingInputError extends Error {
  readonly code: string;
  readonly paper_id: string | null;

  constructor(code: string, message: string, paperId: string | null = null) {
    super(message);
    this.name = 'GradingInputError';
    this.code = code;
    this.paper_id = paperId;
  }
}
