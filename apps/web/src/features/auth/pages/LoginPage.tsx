import { type FormEvent, useState } from 'react';
import { loginBody } from '@dynaloop/contract/schemas';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../../lib/api';
import { type FieldErrors, hasErrors, schemaErrors } from '../../../lib/form';
import { useLogin } from '../api/session';
import { AuthCard } from '../components/AuthCard';
import { safeRedirect } from '../paths';

type Field = 'email' | 'password';

/** "Authentication failed", except for answers that say something else (rate limit, outage). */
function loginFailure(error: unknown): string {
  if (isApiError(error) && (error.status === 429 || error.status === 0 || error.status >= 500)) {
    return errorMessage(error);
  }
  return MESSAGES.authenticationFailed;
}

export function LoginPage() {
  useDocumentTitle('Log in');
  const [params] = useSearchParams();
  const msg = params.get('msg');
  const src = safeRedirect(params.get('src'));
  const navigate = useNavigate();
  const login = useLogin();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  function change(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = schemaErrors<Field>(loginBody, values);
    setErrors(found);
    if (hasErrors(found)) return;
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: () => void navigate(src, { replace: true }) },
    );
  }

  const registerLink = src === '/' ? '/register' : `/register?src=${encodeURIComponent(src)}`;

  return (
    <AuthCard
      title="Log in"
      subtitle={
        <>
          New to Dynaloop?{' '}
          <Anchor component={Link} to={registerLink}>
            Sign up
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Log in">
        <Stack gap="md">
          {msg ? (
            <Alert color="blue" variant="light" role="status">
              {msg}
            </Alert>
          ) : null}
          {login.isError ? (
            <Alert color="red" variant="light" role="alert">
              {loginFailure(login.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            value={values.email}
            onChange={(event) => change('email', event.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            value={values.password}
            onChange={(event) => change('password', event.currentTarget.value)}
            error={errors.password}
          />
          <Group justify="space-between" align="center">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
            <Button type="submit" loading={login.isPending}>
              Log in
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
