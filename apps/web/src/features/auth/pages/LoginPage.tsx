import { loginBody } from '@dynaloop/contract/schemas';
import { MESSAGES } from '@dynaloop/contract/messages';
import { Anchor, Button, Group, PasswordInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessage, isApiError } from '../../../lib/api';
import { schemaErrors, useFormFields } from '../../../lib/form';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/AuthCard';
import { AuthForm, AuthSwitch, EmailInput } from '../components/AuthForm';
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
  const { bind, handleSubmit } = useFormFields({ email: '', password: '' });

  const submit = handleSubmit(
    (values) => schemaErrors<Field>(loginBody, values),
    (values) =>
      login.mutate(
        { email: values.email.trim(), password: values.password },
        { onSuccess: () => void navigate(src, { replace: true }) },
      ),
  );

  return (
    <AuthCard
      title="Log in"
      subtitle={
        <AuthSwitch prompt="New to Dynaloop?" path="/register" src={src}>
          Sign up
        </AuthSwitch>
      }
    >
      <AuthForm
        label="Log in"
        onSubmit={submit}
        notice={msg}
        failure={login.isError ? loginFailure(login.error) : null}
      >
        <EmailInput {...bind('email')} />
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
      </AuthForm>
    </AuthCard>
  );
}
