import { loginPayload, type LoginPayload } from '@exam/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import {
  FormFooter,
  listFormErrors,
  TextField,
  type ServerFailure,
} from '../../components/ui/form-parts.tsx';
import { Page } from '../../components/ui/page.tsx';
import { isApiError } from '../../lib/api.ts';
import { login } from '../../lib/auth.ts';
import { contractResolver } from '../../lib/form.ts';
import { messageOf } from '../../lib/failures.ts';
import { takeReturn } from '../../lib/drafts.ts';
import { getToken, setToken } from '../../lib/token.ts';

const labels = { email: 'Email', password: 'Password' };

export default function Login() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [failure, setFailure] = useState<ServerFailure>({});
  const form = useForm({
    resolver: contractResolver(loginPayload),
    defaultValues: { email: '', password: '' },
  });
  // Where a sign-in goes: the page the last session ended on (its form restores what was typed), else the
  // dashboard. Taken when the sign-in succeeds (a remount of this screen before then must not lose it), and
  // kept for the render that follows, which sees the new token.
  const target = useRef<string | null>(null);

  // A stored token goes straight to the dashboard (which carries the Logout button).
  if (getToken()) {
    return (
      <>
        <Navigate to={target.current ?? takeReturn() ?? '/Dashboard'} replace />
        <Link to="/Logout">Logout</Link>
      </>
    );
  }

  const onSubmit = async (payload: LoginPayload) => {
    setFailure({});
    try {
      const { token } = await login(payload);
      target.current = takeReturn() ?? '/Dashboard';
      setToken(token);
      client.removeQueries({ queryKey: ['check-user'] });
      navigate(target.current, { replace: true });
    } catch (error) {
      setFailure({ message: messageOf(error), errors: isApiError(error) ? error.fieldErrors : undefined });
    }
  };

  const listed = listFormErrors(form.formState.errors, labels, failure);

  return (
    <Page title="Sign In" nav={false}>
      <form className="login-form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          {...listed.describe('email')}
          {...form.register('email')}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          {...listed.describe('password')}
          {...form.register('password')}
        />
        <FormFooter
          submitLabel="Sign In"
          submitting={form.formState.isSubmitting}
          busyText="Signing in…"
          message={listed.message}
          errors={listed.errors}
        />
      </form>
    </Page>
  );
}
