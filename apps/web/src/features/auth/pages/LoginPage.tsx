import { type FormEvent } from 'react';
import { loginBody } from '@dynaloop/contract/schemas';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../../lib/api';
import { useFormFields, hasErrors, schemaErrors } from '../../../lib/form';
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
  const { values, setErrors, bind } = useFormFields({ email: '', password: '' });

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
            {...bind('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...bind('password')}
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
