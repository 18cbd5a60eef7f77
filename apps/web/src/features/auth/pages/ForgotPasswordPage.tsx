import { type FormEvent, useState } from 'react';
import { MESSAGES } from '@dynaloop/contract/messages';
import { recoverInitiateBody } from '@dynaloop/contract/schemas';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { type FieldErrors, hasErrors, schemaErrors, serverFieldErrors } from '../../../lib/form';
import { useRecoverInitiate } from '../api/session';
import { AuthCard } from '../components/AuthCard';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const recover = useRecoverInitiate();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [sent, setSent] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = schemaErrors<'email'>(recoverInitiateBody, { email });
    setErrors(found);
    if (hasErrors(found)) return;
    // The answer is the same whether or not the address has an account, and so is the page,
    // whatever went wrong, except for an address the server found invalid.
    recover.mutate(
      { email: email.trim() },
      {
        onSuccess: () => setSent(true),
        onError: (error) => {
          const fromServer = serverFieldErrors(error);
          if (fromServer.email) setErrors({ email: fromServer.email });
          else setSent(true);
        },
      },
    );
  }

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
        <form onSubmit={submit} noValidate aria-label="Forgot password">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Enter the email address of your account and we will send you a link to choose a new
              password.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              withAsterisk
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setErrors({});
              }}
              error={errors.email}
            />
            <Button type="submit" loading={recover.isPending} fullWidth>
              Send reset link
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to log in
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
