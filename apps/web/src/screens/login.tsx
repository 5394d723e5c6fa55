import { loginPayload, type LoginPayload } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ErrorList, errorItemId, listServerErrors } from '../components/error-list.tsx';
import { Page } from '../components/page.tsx';
import { isApiError } from '../lib/api.ts';
import { login } from '../lib/auth.ts';
import { contractResolver } from '../lib/form.ts';
import { messageOf } from '../lib/failures.ts';
import { getToken, setToken } from '../lib/token.ts';

const labels = { email: 'Email', password: 'Password' };

export default function Login() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failure, setFailure] = useState<{ message?: string; errors?: Record<string, string[]> }>({});
  const form = useForm({ resolver: contractResolver(loginPayload), defaultValues: { email: '', password: '' } });

  // A stored token goes straight to the dashboard (which carries the Logout button).
  if (getToken()) {
    return (
      <>
        <Navigate to="/Dashboard" replace />
        <Link to="/Logout">Logout</Link>
      </>
    );
  }

  const onSubmit = async (payload: LoginPayload) => {
    setFailure({});
    try {
      const { token } = await login(payload);
      setToken(token);
      client.removeQueries({ queryKey: ['check-user'] });
      navigate('/Dashboard', { replace: true });
    } catch (error) {
      setFailure({ message: messageOf(error), errors: isApiError(error) ? error.fieldErrors : undefined });
    }
  };

  const clientErrors = Object.entries(form.formState.errors).map(([field, error]) => ({
    field,
    label: labels[field as keyof typeof labels] ?? field,
    message: String(error?.message ?? ''),
  }));
  const errors = clientErrors.length ? clientErrors : listServerErrors(failure.errors, labels);
  const invalid = (field: string) => errors.some((e) => e.field === field);

  return (
    <Page title="Sign In" nav={false}>
      <form className="login-form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            aria-invalid={invalid('email') || undefined}
            aria-describedby={invalid('email') ? errorItemId('email') : undefined}
            {...form.register('email')}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={invalid('password') || undefined}
            aria-describedby={invalid('password') ? errorItemId('password') : undefined}
            {...form.register('password')}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={form.formState.isSubmitting}>
            Sign In
          </button>
          {form.formState.isSubmitting && <span className="loading">Signing in…</span>}
        </div>
        <ErrorList message={clientErrors.length ? undefined : failure.message} errors={errors} />
      </form>
    </Page>
  );
}
