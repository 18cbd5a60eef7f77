import { type FormEvent } from 'react';
import { MESSAGES } from '@dynaloop/contract/messages';
import { passwordSchema } from '@dynaloop/contract/schemas';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { type FieldErrors, fieldError, hasErrors, useFormFields } from '../../../lib/form';
import { useRecoverResolve } from '../api/session';
import { AuthCard } from '../components/AuthCard';
import { loginPath } from '../paths';

type Field = 'email' | 'password' | 'confirmation';

export const PASSWORD_RESET_DONE = 'Your password has been reset. Please log in.';

function validate(values: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (values.email.trim() === '') errors.email = MESSAGES.required;
  if (values.password === '') errors.password = MESSAGES.required;
  else errors.password = fieldError(passwordSchema, values.password);
  if (values.confirmation === '') errors.confirmation = MESSAGES.required;
  else if (values.confirmation !== values.password) errors.confirmation = MESSAGES.passwordsDiffer;
  return errors;
}

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const resolve = useRecoverResolve(token);
  const { values, setErrors, bind } = useFormFields<Field>({
    email: '',
    password: '',
    confirmation: '',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (hasErrors(found)) return;
    resolve.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => void navigate(loginPath({ msg: PASSWORD_RESET_DONE }), { replace: true }),
      },
    );
  }

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          {resolve.isError ? (
            <Alert color="red" variant="light" role="alert">
              {MESSAGES.resetFailed}
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
            label="New password"
            autoComplete="new-password"
            withAsterisk
            {...bind('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            {...bind('confirmation')}
          />
          <Button type="submit" loading={resolve.isPending} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
