import { useState } from 'react';
import { MESSAGES } from '@dynaloop/contract/messages';
import { recoverInitiateBody } from '@dynaloop/contract/schemas';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { schemaErrors, serverFieldErrors, useFormFields } from '../../../lib/form';
import { useRecoverInitiate } from '../api/recover-password';
import { AuthCard } from '../components/AuthCard';
import { AuthForm, EmailInput } from '../components/AuthForm';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const recover = useRecoverInitiate();
  const { setErrors, bind, handleSubmit } = useFormFields({ email: '' });
  const [sent, setSent] = useState(false);

  // The answer is the same whether or not the address has an account, and so is the page,
  // whatever went wrong, except for an address the server found invalid.
  const submit = handleSubmit(
    (values) => schemaErrors<'email'>(recoverInitiateBody, values),
    (values) =>
      recover.mutate(
        { email: values.email.trim() },
        {
          onSuccess: () => setSent(true),
          onError: (error) => {
            const fromServer = serverFieldErrors(error);
            if (fromServer.email) setErrors({ email: fromServer.email });
            else setSent(true);
          },
        },
      ),
  );

  return (
    <AuthCard title="Forgot password">
      {sent ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {MESSAGES.forgotPasswordSent}
          </Alert>
          <Text size="sm">
            The link in the email is valid for one hour.{' '}
            <Anchor component={Link} to="/login">
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <AuthForm label="Forgot password" onSubmit={submit}>
          <Text size="sm" c="dimmed">
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </Text>
          <EmailInput {...bind('email')} />
          <Button type="submit" loading={recover.isPending} fullWidth>
            Send reset link
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to log in
          </Anchor>
        </AuthForm>
      )}
    </AuthCard>
  );
}
