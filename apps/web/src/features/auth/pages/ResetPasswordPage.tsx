import { MESSAGES } from '@dynaloop/contract/messages';
import { passwordSchema } from '@dynaloop/contract/schemas';
import { Button, PasswordInput } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { type FieldErrors, fieldError, useFormFields } from '../../../lib/form';
import { useRecoverResolve } from '../api/recover-password';
import { AuthCard } from '../components/AuthCard';
import { AuthForm, EmailInput } from '../components/AuthForm';
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
  const { bind, handleSubmit } = useFormFields({ email: '', password: '', confirmation: '' });

  const submit = handleSubmit(validate, (values) =>
    resolve.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => void navigate(loginPath({ msg: PASSWORD_RESET_DONE }), { replace: true }),
      },
    ),
  );

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account.">
      <AuthForm
        label="Reset password"
        onSubmit={submit}
        failure={resolve.isError ? MESSAGES.resetFailed : null}
      >
        <EmailInput {...bind('email')} />
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
      </AuthForm>
    </AuthCard>
  );
}
