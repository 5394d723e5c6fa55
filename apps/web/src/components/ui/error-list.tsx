export interface ListedError {
  field: string;
  label: string;
  message: string;
}

export const errorItemId = (field: string) => `error-${field}`;

/** Errors of a form, listed as bullets under it with the message above them (spec section 8). */
export function ErrorList({ message, errors }: { message?: string; errors: ListedError[] }) {
  if (!message && errors.length === 0) return null;
  return (
    <div className="form-errors" role="alert">
      {message && <p className="form-errors-message">{message}</p>}
      {errors.length > 0 && (
        <ul>
          {errors.map((error, index) => (
            <li
              key={`${error.field}-${index}`}
              id={
                index === errors.findIndex((e) => e.field === error.field)
                  ? errorItemId(error.field)
                  : undefined
              }
            >
              {error.label ? `${error.label}: ` : ''}
              {error.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Server `errors` ({field: [messages]}) as list items, labelled with what staff read on the form. */
export const listServerErrors = (
  errors: Record<string, string[]> | undefined,
  labels: Record<string, string>,
): ListedError[] =>
  Object.entries(errors ?? {}).flatMap(([field, messages]) =>
    messages.map((message) => ({ field, label: labels[field] ?? (field === '_' ? '' : field), message })),
  );
